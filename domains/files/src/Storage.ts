import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Context, Effect, Layer, Option } from 'effect'
import { contentTypeOf, isObjectKey, unsafeKey } from './internal/ObjectKeys.ts'
import { makeS3Storage, type S3StorageConfig } from './internal/S3Storage.ts'
import { makeUploadThingStorage, type UploadThingStorageConfig } from './internal/UploadThingStorage.ts'

// Where file bytes live: local disk, any S3-compatible store, or UploadThing (ARCHITECTURE.md). Every adapter
// keeps the same object keys, and the web edge serves them all under /files/<key>
// (docs/decisions/013-avatars-and-file-store.md, 016-file-storage-adapters.md).

export { contentTypeOf, isObjectKey } from './internal/ObjectKeys.ts'
export { objectUrl, type S3StorageConfig } from './internal/S3Storage.ts'
export {
  parseUploadThingToken,
  type UploadThingStorageConfig,
  type UploadThingToken,
  uploadThingCustomId,
} from './internal/UploadThingStorage.ts'

/** What reading a key that names no file says: missing, a folder, a path through a file, a name too long to be one. */
const absentCodes = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'ENAMETOOLONG'])

/** A stored object's bytes and media type. */
export interface StoredObject {
  readonly bytes: Uint8Array
  readonly contentType: string
}

/** The byte store behind every uploaded file. A provider that fails or refuses is a defect, never a typed error. */
export class FileStorage extends Context.Service<
  FileStorage,
  {
    /** Domain services: writes `bytes` under `key`, replacing what was there. */
    put(key: string, bytes: Uint8Array): Effect.Effect<void>
    /** The web edge: the object under `key`, if any (an unsafe key is simply absent). */
    get(key: string): Effect.Effect<Option.Option<StoredObject>>
    /** Domain services: removes `key`; removing a missing object succeeds. */
    remove(key: string): Effect.Effect<void>
  }
>()('@kibitz/files/FileStorage') {
  /** Files on local disk under `root` (one machine, or a shared volume). */
  static readonly local = (root: string) =>
    Layer.succeed(
      FileStorage,
      FileStorage.of({
        put: (key, bytes) =>
          Effect.promise(async () => {
            if (!isObjectKey(key)) throw unsafeKey(key)
            const file = path.join(root, key)
            await mkdir(path.dirname(file), { recursive: true })
            // Write then rename, so a reader never sees half a file; a write that fails (the disk full) leaves
            // nothing behind.
            const partial = `${file}.${process.pid}.partial`
            try {
              await writeFile(partial, bytes)
              await rename(partial, file)
            } catch (error) {
              await rm(partial, { force: true }).catch(() => undefined)
              throw error
            }
          }),
        get: (key) =>
          isObjectKey(key)
            ? Effect.promise(() =>
                readFile(path.join(root, key)).then(
                  (bytes) => Option.some({ bytes: new Uint8Array(bytes), contentType: contentTypeOf(key) }),
                  (error: unknown) => {
                    // A folder (an event's documents/) or a path through a file is no object either: answering
                    // it as absent, like a missing one, also keeps which events have files to ourselves.
                    if (error instanceof Error && 'code' in error && absentCodes.has(String(error.code)))
                      return Option.none()
                    throw error
                  },
                ),
              )
            : Effect.succeed(Option.none()),
        remove: (key) =>
          isObjectKey(key) ? Effect.promise(() => rm(path.join(root, key), { force: true })) : Effect.void,
      }),
    )

  /** Objects in an S3-compatible bucket, signed with AWS Signature V4 (STORAGE=s3). */
  static readonly s3 = (config: S3StorageConfig) =>
    Layer.sync(FileStorage, () => FileStorage.of(makeS3Storage(config)))

  /** Files in an UploadThing app, addressed by custom ids derived from the keys (STORAGE=uploadthing). */
  static readonly uploadthing = (config: UploadThingStorageConfig) =>
    Layer.sync(FileStorage, () => FileStorage.of(makeUploadThingStorage(config)))
}
