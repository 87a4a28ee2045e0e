import path from 'node:path'
import { finished, Readable } from 'node:stream'
import { Cause, Effect, Exit, Fiber, Option } from 'effect'
import { ZipFile } from 'yazl'
import { nodeReadable, webReadable } from './WebStreams.ts'

// Zips of a selection are written as they are read (docs/decisions/040-file-system.md, "Zips are streamed"):
// one object open at a time, opened only once the archive has written everything before it, and read only as fast
// as the download takes the archive. yazl's own addReadStreamLazy would open lazily too, but it writes an entry's
// header before asking for the stream, so an object found gone then could not be left out; entries are therefore
// added one by one, each after the previous one's bytes have gone through.

/** A folder in the archive; it appears even when nothing is put in it. */
export interface ZipFolderEntry {
  readonly kind: 'folder'
  /** The folder's path inside the archive, '/'-separated (made safe and unique by `zipPaths`). */
  readonly name: string
  readonly mtime: Date
}

/** A file in the archive, whose bytes are opened only when the archive reaches it. */
export interface ZipFileEntry<R = never> {
  readonly kind: 'file'
  /** The file's path inside the archive, '/'-separated (made safe and unique by `zipPaths`). */
  readonly name: string
  readonly mtime: Date
  /** The object's bytes (`FileStorage.stream`), or none when it is gone: the archive then leaves it out. */
  readonly open: Effect.Effect<Option.Option<ReadableStream<Uint8Array>>, never, R>
}

/** One entry of a zip, in the order it is written. */
export type ZipEntry<R = never> = ZipFolderEntry | ZipFileEntry<R>

/**
 * Formats that are compressed already (images, PDF, the zip-based Office and OpenDocument files, archives, media):
 * stored as they are, since deflating them again costs CPU and saves next to nothing. Everything else is deflated.
 */
const storedExtensions = new Set([
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.webp',
  '.avif',
  '.heic',
  '.pdf',
  '.docx',
  '.xlsx',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
  '.zip',
  '.gz',
  '.7z',
  '.rar',
  '.mp3',
  '.mp4',
  '.mov',
  '.webm',
])

/** Whether a file of this name is deflated in the zip (false for formats that are compressed already). */
export const isDeflated = (name: string): boolean =>
  !storedExtensions.has(path.posix.extname(name).toLowerCase())

/**
 * A name fit for a zip: '/'-separated segments, none empty, `.` or `..`, no control characters, nothing absolute
 * (no leading '/', no drive letter); what is left of an unfit name is kept, and `unnamed` stands for nothing left.
 */
const safePath = (name: string): string => {
  const segments = name
    .replace(/\\/g, '/')
    .split('/')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .map((segment) => segment.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
  const [first, ...rest] = segments
  if (first === undefined) return 'unnamed'
  // `C:` first would read as a Windows drive: an absolute path, which yazl refuses and extractors mistrust.
  return [first.replace(/^([A-Za-z]):/, '$1_'), ...rest].join('/')
}

/** `a.pdf` → `a (2).pdf`, `notes` → `notes (2)`, `.profile` → `.profile (2)`: the n-th file of one name. */
const numbered = (filePath: string, n: number): string => {
  const folder = path.posix.dirname(filePath)
  const base = path.posix.basename(filePath)
  const dot = base.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, '']
  const renamed = `${stem} (${n})${extension}`
  return folder === '.' ? renamed : `${folder}/${renamed}`
}

/**
 * The path of each entry inside the zip, in order: made safe (`safePath`) and unique. A folder named twice is one
 * folder; a second file of a name, or a file named like a folder, gets ` (2)`, ` (3)`, … before its extension.
 * Names compare without case, since the zip is often unpacked onto a case-insensitive disk (Windows, macOS).
 */
export const zipPaths = (
  entries: ReadonlyArray<{ readonly kind: 'folder' | 'file'; readonly name: string }>,
) => {
  const paths = entries.map((entry) => safePath(entry.name))
  const folders = new Set<string>()
  paths.forEach((entryPath, index) => {
    const segments = entryPath.split('/')
    const depth = entries[index]?.kind === 'folder' ? segments.length : segments.length - 1
    for (let end = 1; end <= depth; end++) folders.add(segments.slice(0, end).join('/').toLowerCase())
  })
  const files = new Set<string>()
  return paths.map((entryPath, index) => {
    if (entries[index]?.kind === 'folder') return entryPath
    let unique = entryPath
    for (let n = 2; folders.has(unique.toLowerCase()) || files.has(unique.toLowerCase()); n++)
      unique = numbered(entryPath, n)
    files.add(unique.toLowerCase())
    return unique
  })
}

/** Waits until yazl has read `source` to its end; interrupting destroys it (and so cancels the object's read). */
const readThrough = (source: Readable, name: string) =>
  Effect.callback<void>((resume) => {
    const stop = finished(source, (error) => {
      stop()
      resume(error ? Effect.die(new Error(`zip: reading ${name} failed`, { cause: error })) : Effect.void)
    })
    return Effect.sync(() => {
      stop()
      source.destroy()
    })
  })

/**
 * A zip of `entries`, written by yazl as it is read: the web stream a download's `Response` takes. Folders appear
 * even when empty; files are opened one at a time, each when the archive reaches it, and a file whose object is
 * gone is left out (and logged) rather than breaking the archive. Backpressure holds end to end, so memory stays
 * flat whatever the zip's size. A failure to read an object (a defect of the store) aborts the stream with it;
 * cancelling the stream stops the writer and cancels the object being read.
 */
export const zipArchive = <R>(
  entries: ReadonlyArray<ZipEntry<R>>,
): Effect.Effect<ReadableStream<Uint8Array>, never, R> =>
  Effect.gen(function* () {
    const names = zipPaths(entries)
    const zip = new ZipFile()
    const output = zip.outputStream
    if (!(output instanceof Readable))
      return yield* Effect.die(new Error('yazl output is not a Node Readable'))
    zip.on('error', (error: unknown) =>
      output.destroy(error instanceof Error ? error : new Error(String(error))),
    )
    const folders = new Set<string>()

    const write = Effect.gen(function* () {
      for (const [index, entry] of entries.entries()) {
        const name = names[index] ?? 'unnamed'
        if (entry.kind === 'folder') {
          if (folders.has(name.toLowerCase())) continue
          folders.add(name.toLowerCase())
          zip.addEmptyDirectory(name, { mtime: entry.mtime })
          continue
        }
        const opened = yield* entry.open
        if (Option.isNone(opened)) {
          yield* Effect.logWarning('zip: a file is gone from the store; left out').pipe(
            Effect.annotateLogs({ name: entry.name }),
          )
          continue
        }
        const source = nodeReadable(opened.value)
        zip.addReadStream(source, name, { mtime: entry.mtime, compress: isDeflated(name) })
        yield* readThrough(source, name)
      }
      zip.end()
    }).pipe(
      Effect.onExit((exit) => {
        if (Exit.isSuccess(exit)) return Effect.void
        // Interrupted: the download went away, and the output with it; nothing to report.
        if (Cause.hasInterruptsOnly(exit.cause)) return Effect.sync(() => output.destroy())
        const defect = Cause.squash(exit.cause)
        return Effect.logError('zip: the archive was broken off', exit.cause).pipe(
          Effect.andThen(
            Effect.sync(() => output.destroy(defect instanceof Error ? defect : new Error(String(defect)))),
          ),
        )
      }),
    )

    const writer = yield* Effect.forkDetach(write)
    // The download went away (the web stream was cancelled, which destroys the output): stop reading objects.
    output.once('close', () => {
      if (!output.readableEnded) Effect.runFork(Fiber.interrupt(writer))
    })
    return webReadable(output)
  })
