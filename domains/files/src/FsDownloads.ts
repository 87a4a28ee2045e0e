import type { Em, OrganiserId } from '@kibitz/kernel'
import { Context, Effect, Layer, Option } from 'effect'
import { FsEntryNotFound } from './FileSystem.ts'
import { FsTreeRepo } from './internal/FsTreeRepo.ts'
import { type ZipEntry, zipArchive, zipPaths } from './internal/Zip.ts'
import { FileStorage } from './Storage.ts'

// Downloads from the organiser's file tree (spec section 7 download-fs-single-file and download-fs-file,
// docs/decisions/040 "Zips are streamed"): one file as it is stored, or a zip of files and folders written as the
// objects are read, one at a time, so the web's memory stays flat whatever the selection weighs.

/** The most entries one zip may name (each folder brings everything under it). */
export const maxZipSelection = 200

/** A download: what the browser saves it as, its media type, its length when known, and its bytes as read. */
export interface FsDownload {
  readonly filename: string
  readonly contentType: string
  readonly size: number | null
  readonly stream: ReadableStream<Uint8Array>
}

export class FsDownloads extends Context.Service<
  FsDownloads,
  {
    /** `owner`'s file `id` as stored, under the name the organiser gave it. A folder or a missing object is not found. */
    single(owner: OrganiserId, id: number): Effect.Effect<FsDownload, FsEntryNotFound, Em>
    /**
     * A zip of `owner`'s files and folders `ids` (a folder with everything under it, empty folders included), names
     * inside the zip relative to the selection. Any id not the owner's is not found, before anything is written.
     */
    zip(owner: OrganiserId, ids: ReadonlyArray<number>): Effect.Effect<FsDownload, FsEntryNotFound, Em>
  }
>()('@kibitz/files/FsDownloads') {
  static readonly layer = Layer.effect(
    FsDownloads,
    Effect.gen(function* () {
      const storage = yield* FileStorage
      const tree = yield* FsTreeRepo

      const single = Effect.fn('FsDownloads.single')(function* (owner: OrganiserId, id: number) {
        const [file] = yield* tree.zipFiles(owner, { id })
        if (file === undefined) return yield* new FsEntryNotFound({ id })
        const object = yield* storage.stream(file.path)
        if (Option.isNone(object)) return yield* new FsEntryNotFound({ id })
        return {
          filename: file.filename,
          contentType: object.value.contentType,
          size: object.value.size,
          stream: object.value.stream,
        }
      })

      const zip = Effect.fn('FsDownloads.zip')(function* (owner: OrganiserId, ids: ReadonlyArray<number>) {
        const entries: Array<ZipEntry> = []
        const selectedFolders: Array<string> = []
        for (const id of new Set(ids)) {
          const folder = yield* tree.folderById(owner, id)
          if (folder !== null) {
            // Inside the zip the folder keeps its own name, and what is under it its path below it.
            const cut = folder.path.lastIndexOf('/') + 1
            selectedFolders.push(folder.path)
            for (const path of [folder.path, ...(yield* tree.foldersUnder(owner, folder.path))])
              entries.push({ kind: 'folder', name: path.slice(cut), mtime: new Date() })
            for (const file of yield* tree.zipFiles(owner, { folder: folder.path }))
              entries.push({
                kind: 'file',
                name: `${file.folder.slice(cut)}/${file.filename}`,
                mtime: file.uploadedAt,
                open: Effect.map(
                  storage.stream(file.path),
                  Option.map((o) => o.stream),
                ),
              })
            continue
          }
          const [file] = yield* tree.zipFiles(owner, { id })
          if (file === undefined) return yield* new FsEntryNotFound({ id })
          entries.push({
            kind: 'file',
            name: file.filename,
            mtime: file.uploadedAt,
            open: Effect.map(
              storage.stream(file.path),
              Option.map((o) => o.stream),
            ),
          })
        }
        const names = zipPaths(entries)
        const named = entries.map((entry, index) => ({ ...entry, name: names[index] ?? entry.name }))
        const only = selectedFolders.length === 1 && ids.length === 1 ? selectedFolders[0] : undefined
        return {
          filename: `${only === undefined ? 'files' : only.slice(only.lastIndexOf('/') + 1)}.zip`,
          contentType: 'application/zip',
          size: null,
          stream: yield* zipArchive(named),
        }
      })

      return FsDownloads.of({ single, zip })
    }),
  ).pipe(Layer.provide(FsTreeRepo.layer))
}
