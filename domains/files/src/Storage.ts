import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Context, Effect, Layer, Option } from 'effect'
import { contentTypeOf, isObjectKey, unsafeKey } from './internal/ObjectKeys.ts'
import { makeS3Storage, type S3StorageConfig } from './internal/S3Storage.ts'
import { makeUploadThingStorage, type UploadThingStorageConfig } from './internal/UploadThingStorage.ts'
import { webReadable } from './internal/WebStreams.ts'

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

/**
 * A stored object's bytes as a web stream, read as the consumer pulls (docs/decisions/040, "Zips are streamed").
 * A web `ReadableStream` rather than a Node `Readable`: it is what `fetch` hands the S3 and UploadThing adapters
 * and what a `Response` body takes, so only the zip writer (yazl wants Node streams) converts, in one place.
 * Whoever takes it must read it to the end or cancel it, which closes the file or the provider's connection.
 */
export interface StoredStream {
  readonly stream: ReadableStream<Uint8Array>
  /** The object's size in bytes, when the store says (a file's size, an HTTP Content-Length). */
  readonly size: number | null
  readonly contentType: string
}

/** Whether a failed file-system call says the key names no file. */
const isAbsent = (error: unknown) =>
  error instanceof Error && 'code' in error && absentCodes.has(String(error.code))

/** The local file under `file` as a stream, opened before answering so that a missing one is absent at once. */
const streamFile = async (file: string, contentType: string): Promise<Option.Option<StoredStream>> => {
  const handle = await open(file, 'r').catch((error: unknown) => {
    if (isAbsent(error)) return null
    throw error
  })
  if (handle === null) return Option.none()
  // Stat the open handle, not the path: a file replaced or removed in between cannot be mistaken for another.
  const stats = await handle.stat().catch(async (error: unknown) => {
    await handle.close()
    throw error
  })
  // Opening a folder succeeds on Linux; only reading it fails. A folder is no object, as in `get`.
  if (!stats.isFile()) {
    await handle.close()
    return Option.none()
  }
  // The Node stream closes the handle when it ends or is destroyed; a cancelled web stream destroys it.
  const stream = webReadable(handle.createReadStream())
  return Option.some({ stream, size: stats.size, contentType })
}

/** The byte store behind every uploaded file. A provider that fails or refuses is a defect, never a typed error. */
export class FileStorage extends Context.Service<
  FileStorage,
  {
    /** Domain services: writes `bytes` under `key`, replacing what was there. */
    put(key: string, bytes: Uint8Array): Effect.Effect<void>
    /** The web edge: the object under `key`, if any (an unsafe key is simply absent). */
    get(key: string): Effect.Effect<Option.Option<StoredObject>>
    /**
     * Zips and downloads: the object under `key` as a stream, without holding it in memory; absent exactly when
     * `get` would be. Nothing is read until the stream is pulled.
     */
    stream(key: string): Effect.Effect<Option.Option<StoredStream>>
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
                    if (isAbsent(error)) return Option.none()
                    throw error
                  },
                ),
              )
            : Effect.succeed(Option.none()),
        stream: (key) =>
          isObjectKey(key)
            ? Effect.promise(() => streamFile(path.join(root, key), contentTypeOf(key)))
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
