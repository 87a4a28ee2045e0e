import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from '@effect/vitest'
import { isDeflated, type ZipEntry, zipArchive, zipPaths } from '@kibitz/files'
import { Effect, Exit, Option } from 'effect'
import { readZip } from './support/readZip.ts'

// Zips are written as they are read (docs/decisions/040, "Zips are streamed"): read back here with Info-ZIP's
// yauzl (as any unzip tool would), and measured while 100 MB of objects made on the fly go through.

const mtime = new Date('2026-11-20T10:30:00Z')
const chunkSize = 64 * 1024

/** A web stream of `size` bytes made chunk by chunk as it is pulled (nothing is read ahead of the reader). */
const generated = (
  size: number,
  fill: (offset: number) => number,
  hooks: {
    readonly onChunk?: (bytes: number) => void
    readonly onEnd?: () => void
    readonly onCancel?: () => void
  } = {},
) => {
  let offset = 0
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= size) {
          hooks.onEnd?.()
          return controller.close()
        }
        const chunk = new Uint8Array(Math.min(chunkSize, size - offset))
        for (let index = 0; index < chunk.length; index++) chunk[index] = fill(offset + index)
        offset += chunk.length
        hooks.onChunk?.(chunk.length)
        controller.enqueue(chunk)
      },
      cancel() {
        hooks.onCancel?.()
      },
    },
    { highWaterMark: 0 },
  )
}

/**
 * A full garbage collection, so that what is measured is what is still held, not chunks already let go and
 * waiting to be collected (V8 collects external memory lazily). vitest's worker runs without --expose-gc.
 */
setFlagsFromString('--expose-gc')
const collected: unknown = runInNewContext('gc')
const collectGarbage = () => {
  if (typeof collected !== 'function') throw new Error('no gc() to measure memory with')
  collected()
}

const bytesOf = (text: string) => new TextEncoder().encode(text)

/** A file entry whose bytes are `bytes`, recording when it is opened and read to the end. */
const fileOf = (name: string, bytes: Uint8Array | null, events: Array<string> = []): ZipEntry => ({
  kind: 'file',
  name,
  mtime,
  open: Effect.sync(() => {
    events.push(`open ${name}`)
    if (bytes === null) return Option.none()
    return Option.some(
      generated(bytes.length, (offset) => bytes[offset] ?? 0, { onEnd: () => events.push(`end ${name}`) }),
    )
  }),
})

const readAll = (stream: ReadableStream<Uint8Array>) =>
  Effect.promise(() => new Response(stream).arrayBuffer()).pipe(
    Effect.map((buffer) => new Uint8Array(buffer)),
  )

describe('zipPaths', () => {
  it('numbers a second file of one name before its extension, without regard to case', () => {
    const file = (name: string) => ({ kind: 'file' as const, name })
    expect(
      zipPaths([
        file('a.pdf'),
        file('a.pdf'),
        file('A.PDF'),
        file('notes'),
        file('notes'),
        file('.profile'),
        file('.profile'),
      ]),
    ).toEqual(['a.pdf', 'a (2).pdf', 'A (3).PDF', 'notes', 'notes (2)', '.profile', '.profile (2)'])
    expect(zipPaths([file('x/a.pdf'), file('y/a.pdf'), file('x/a.pdf')])).toEqual([
      'x/a.pdf',
      'y/a.pdf',
      'x/a (2).pdf',
    ])
  })

  it('keeps a folder named twice as one and renames a file named like a folder', () => {
    expect(
      zipPaths([
        { kind: 'file', name: 'Photos' },
        { kind: 'folder', name: 'Photos' },
        { kind: 'folder', name: 'photos' },
        { kind: 'file', name: 'Docs' },
        { kind: 'file', name: 'Docs/rules.pdf' },
      ]),
    ).toEqual(['Photos (2)', 'Photos', 'photos', 'Docs (2)', 'Docs/rules.pdf'])
  })

  it('makes every name relative and free of dot segments and control characters', () => {
    const file = (name: string) => ({ kind: 'file' as const, name })
    expect(
      zipPaths([
        file('/etc/passwd'),
        file('../../outside.txt'),
        file('a/./b/../c.txt'),
        file('C:/Windows/win.ini'),
        file('back\\slash.txt'),
        file('bell\u0007.txt'),
        file('../..'),
      ]),
    ).toEqual([
      'etc/passwd',
      'outside.txt',
      'a/b/c.txt',
      'C_/Windows/win.ini',
      'back/slash.txt',
      'bell.txt',
      'unnamed',
    ])
  })
})

describe('isDeflated', () => {
  it('stores formats that are compressed already and deflates the rest', () => {
    expect(['a.JPG', 'b.png', 'c.webp', 'd.pdf', 'e.docx', 'f.xlsx', 'g.zip'].map(isDeflated)).toEqual(
      Array(7).fill(false),
    )
    expect(['a.txt', 'b.csv', 'c.doc', 'd', 'e.svg'].map(isDeflated)).toEqual(Array(5).fill(true))
  })
})

describe('zipArchive', () => {
  it.live(
    'writes folders (empty ones too) and files under unique names, leaving out a file that is gone',
    () =>
      Effect.gen(function* () {
        const events: Array<string> = []
        const first = bytesOf('%PDF-1.7 first programme')
        const second = bytesOf('%PDF-1.7 second programme, a different one')
        const notes = bytesOf('Round 1: board 1 ½-½\n'.repeat(500))
        const stream = yield* zipArchive([
          { kind: 'folder', name: 'Empty', mtime },
          { kind: 'folder', name: 'Docs', mtime },
          fileOf('Docs/a.pdf', first, events),
          fileOf('Docs/a.pdf', second, events),
          fileOf('Docs/gone.pdf', null, events),
          fileOf('notes.txt', notes, events),
          fileOf('../../outside.pdf', first, events),
        ])
        const zip = yield* readAll(stream)

        const entries = yield* Effect.promise(() => readZip(zip))
        expect(entries.map((e) => e.name)).toEqual([
          'Empty/',
          'Docs/',
          'Docs/a.pdf',
          'Docs/a (2).pdf',
          'notes.txt',
          'outside.pdf',
        ])
        const unzipped = (name: string) => entries.find((e) => e.name === name)?.bytes
        expect(unzipped('Docs/a.pdf')).toEqual(first)
        expect(unzipped('Docs/a (2).pdf')).toEqual(second)
        expect(unzipped('notes.txt')).toEqual(notes)
        expect(unzipped('outside.pdf')).toEqual(first)
        // PDFs stored as they are, text deflated.
        expect(
          entries.filter((e) => e.name === 'Docs/a.pdf' || e.name === 'notes.txt').map((e) => e.method),
        ).toEqual(['stored', 'deflated'])
        // One object open at a time, each opened only once the one before it was read to its end.
        expect(events).toEqual([
          'open Docs/a.pdf',
          'end Docs/a.pdf',
          'open Docs/a.pdf',
          'end Docs/a.pdf',
          'open Docs/gone.pdf',
          'open notes.txt',
          'end notes.txt',
          'open ../../outside.pdf',
          'end ../../outside.pdf',
        ])
      }),
  )

  it.live(
    'writes 50 objects of 2 MB, made as they are read, with memory flat and reading held by the reader',
    () =>
      Effect.gen(function* () {
        const entries = 50
        const size = 2 * 1024 * 1024
        let produced = 0
        let open = 0
        let mostOpen = 0
        const files: Array<ZipEntry> = Array.from({ length: entries }, (_, index) => ({
          kind: 'file',
          name: `photos/photo-${index}.jpg`,
          mtime,
          open: Effect.sync(() => {
            open += 1
            mostOpen = Math.max(mostOpen, open)
            return Option.some(
              generated(size, (offset) => (offset + index) & 0xff, {
                onChunk: (bytes) => {
                  produced += bytes
                },
                onEnd: () => {
                  open -= 1
                },
              }),
            )
          }),
        }))
        const memory = () => {
          collectGarbage()
          const usage = process.memoryUsage()
          return usage.heapUsed + usage.arrayBuffers
        }
        const baseline = memory()
        let peak = baseline
        let consumed = 0
        let mostAhead = 0
        let aheadWhilePaused = 0
        let tail: Uint8Array = new Uint8Array(0)

        const reader = (yield* zipArchive(files)).getReader()
        yield* Effect.promise(async () => {
          let paused = false
          for (;;) {
            const { done, value } = await reader.read()
            if (done) break
            consumed += value.length
            mostAhead = Math.max(mostAhead, produced - consumed)
            // Measured every 4 MB or so read: a collection on every chunk would take the test minutes.
            if (Math.floor(consumed / 4_000_000) !== Math.floor((consumed - value.length) / 4_000_000))
              peak = Math.max(peak, memory())
            tail = value.length >= 22 ? value : new Uint8Array([...tail, ...value])
            // A slow download: the reader stops for a while; the objects must wait for it.
            if (!paused && consumed > 30 * 1024 * 1024) {
              paused = true
              const before = produced
              await new Promise((resolve) => setTimeout(resolve, 200))
              aheadWhilePaused = produced - before
            }
          }
        })

        expect(consumed).toBeGreaterThan(entries * size)
        // The end of central directory record (the zip's last 22 bytes here, no comment) counts the entries.
        const end = Buffer.from(tail.subarray(tail.length - 22))
        expect([end.readUInt32LE(0), end.readUInt16LE(10)]).toEqual([0x06054b50, entries])
        expect(mostOpen).toBe(1)
        expect(aheadWhilePaused).toBeLessThan(1024 * 1024)
        expect(mostAhead).toBeLessThan(4 * 1024 * 1024)
        expect(peak - baseline).toBeLessThan(30 * 1024 * 1024)
      }),
  )

  it.live('stops reading objects and cancels the one being read when the download goes away', () =>
    Effect.gen(function* () {
      const events: Array<string> = []
      const big = (name: string): ZipEntry => ({
        kind: 'file',
        name,
        mtime,
        open: Effect.sync(() => {
          events.push(`open ${name}`)
          return Option.some(
            generated(10 * 1024 * 1024, () => 7, {
              onEnd: () => events.push(`end ${name}`),
              onCancel: () => events.push(`cancel ${name}`),
            }),
          )
        }),
      })
      const reader = (yield* zipArchive([big('a.jpg'), big('b.jpg')])).getReader()
      yield* Effect.promise(() => reader.read())
      yield* Effect.promise(() => reader.cancel())
      for (let tries = 0; tries < 50 && !events.includes('cancel a.jpg'); tries++)
        yield* Effect.sleep('10 millis')
      yield* Effect.sleep('50 millis')
      expect(events).toEqual(['open a.jpg', 'cancel a.jpg'])
    }),
  )

  it.live('breaks the stream off with the failure when an object cannot be read', () =>
    Effect.gen(function* () {
      const stream = yield* zipArchive([
        fileOf('first.txt', bytesOf('first')),
        {
          kind: 'file',
          name: 'broken.txt',
          mtime,
          open: Effect.die(new Error('S3 GET kibitz/broken answered 500 InternalError')),
        },
        fileOf('never.txt', bytesOf('never')),
      ])
      const read = yield* Effect.exit(Effect.tryPromise(() => new Response(stream).arrayBuffer()))
      expect(Exit.isFailure(read)).toBe(true)
    }),
  )
})
