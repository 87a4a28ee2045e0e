import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Context, Effect, Layer, Option } from 'effect'

// Where file bytes live. ARCHITECTURE.md names local disk, any S3-compatible store and UploadThing; this
// version ships the local adapter (docs/decisions/013-avatars.md), and the port keeps the others open.

/** A stored object's bytes and media type. */
export interface StoredObject {
  readonly bytes: Uint8Array
  readonly contentType: string
}

/** Object keys are relative paths of safe segments: letters, digits, dot, dash, underscore. */
export const isObjectKey = (key: string): boolean =>
  key.length > 0 &&
  key.length <= 300 &&
  key.split('/').every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment) && !segment.includes('..'))

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.pdf': 'application/pdf',
}

/** The media type a key's extension stands for (the store only writes keys it named itself). */
export const contentTypeOf = (key: string): string =>
  contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream'

/** The byte store behind every uploaded file. */
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
            if (!isObjectKey(key)) throw new Error(`unsafe object key ${JSON.stringify(key)}`)
            const file = path.join(root, key)
            await mkdir(path.dirname(file), { recursive: true })
            // Write then rename, so a reader never sees half a file.
            const partial = `${file}.${process.pid}.partial`
            await writeFile(partial, bytes)
            await rename(partial, file)
          }),
        get: (key) =>
          isObjectKey(key)
            ? Effect.promise(() =>
                readFile(path.join(root, key)).then(
                  (bytes) => Option.some({ bytes: new Uint8Array(bytes), contentType: contentTypeOf(key) }),
                  (error: unknown) => {
                    if (error instanceof Error && 'code' in error && error.code === 'ENOENT')
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
}
