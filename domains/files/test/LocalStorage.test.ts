import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import { FileStorage } from '@kibitz/files'
import { Effect, Exit, Option } from 'effect'

// The local disk adapter: a write that fails leaves no half-written file behind (the fault drill fills the disk
// during an upload; here the final name is taken by a folder, which fails the same last step).

describe('FileStorage.local', () => {
  it.live('removes its partial file when a write fails, and writes the same key once it can', () =>
    Effect.gen(function* () {
      const root = mkdtempSync(path.join(tmpdir(), 'kibitz-local-storage-'))
      const key = 'event/event-7/documents/programme-1a2b.pdf'
      const blocked = path.join(root, key)
      mkdirSync(blocked, { recursive: true })
      writeFileSync(path.join(blocked, 'in-the-way'), 'x')
      const storage = FileStorage.local(root)
      const put = Effect.provide(
        FileStorage.use((s) => s.put(key, new TextEncoder().encode('%PDF-1.4 programme'))),
        storage,
      )
      const failed = yield* Effect.exit(put)
      expect(Exit.isFailure(failed)).toBe(true)
      const folder = path.dirname(blocked)
      expect(readdirSync(folder).filter((name) => name.endsWith('.partial'))).toEqual([])

      rmSync(blocked, { recursive: true })
      yield* put
      expect(readdirSync(folder)).toEqual([path.basename(key)])
    }),
  )

  it.live('finds nothing under a folder, a path through a file or a name too long for the disk', () =>
    Effect.gen(function* () {
      const root = mkdtempSync(path.join(tmpdir(), 'kibitz-local-storage-'))
      const file = 'event/event-7/documents/programme-1a2b.pdf'
      mkdirSync(path.join(root, path.dirname(file)), { recursive: true })
      writeFileSync(path.join(root, file), '%PDF-1.4 programme')
      const get = (key: string) =>
        Effect.provide(
          FileStorage.use((s) => s.get(key)),
          FileStorage.local(root),
        )
      for (const key of [
        'event',
        'event/event-7',
        'event/event-7/documents',
        `${file}/inside`,
        'event/event-8',
        'a'.repeat(256),
      ])
        expect(Option.isNone(yield* get(key))).toBe(true)
      expect(Option.isSome(yield* get(file))).toBe(true)
      rmSync(root, { recursive: true })
    }),
  )

  it.live('streams the bytes it holds, with their size and type, and nothing where get finds nothing', () =>
    Effect.gen(function* () {
      const root = mkdtempSync(path.join(tmpdir(), 'kibitz-local-storage-'))
      const file = 'event/event-7/documents/programme-1a2b.pdf'
      // Larger than one read of the file (64 KiB), so the stream is read in several chunks.
      const bytes = new Uint8Array(200_000).map((_, index) => (index * 7) % 251)
      const stream = (key: string) =>
        Effect.provide(
          FileStorage.use((s) => s.stream(key)),
          FileStorage.local(root),
        )
      yield* Effect.provide(
        FileStorage.use((s) => s.put(file, bytes)),
        FileStorage.local(root),
      )

      const found = yield* stream(file)
      if (Option.isNone(found)) throw new Error('expected the stored file')
      expect([found.value.size, found.value.contentType]).toEqual([200_000, 'application/pdf'])
      const read = new Uint8Array(yield* Effect.promise(() => new Response(found.value.stream).arrayBuffer()))
      expect(Buffer.from(read).equals(Buffer.from(bytes))).toBe(true)

      for (const key of ['event/event-7/documents', `${file}/inside`, 'event/event-8/a.pdf', 'a'.repeat(256)])
        expect(Option.isNone(yield* stream(key)), key).toBe(true)
      for (const key of ['../outside.pdf', '/etc/passwd', 'event/../../outside.pdf', ''])
        expect(Option.isNone(yield* stream(key)), key).toBe(true)
      rmSync(root, { recursive: true })
    }),
  )

  it.live('closes the file when a stream is cancelled half-way', () =>
    Effect.gen(function* () {
      const root = mkdtempSync(path.join(tmpdir(), 'kibitz-local-storage-'))
      const file = 'page/club/other/big.pdf'
      mkdirSync(path.join(root, path.dirname(file)), { recursive: true })
      writeFileSync(path.join(root, file), new Uint8Array(1_000_000))
      const openFiles = () => readdirSync('/proc/self/fd').length
      const before = openFiles()
      const found = yield* Effect.provide(
        FileStorage.use((s) => s.stream(file)),
        FileStorage.local(root),
      )
      if (Option.isNone(found)) throw new Error('expected the stored file')
      const reader = found.value.stream.getReader()
      yield* Effect.promise(() => reader.read())
      expect(openFiles()).toBe(before + 1)
      yield* Effect.promise(() => reader.cancel())
      // The handle closes asynchronously once the Node stream is destroyed.
      for (let tries = 0; tries < 50 && openFiles() > before; tries++) yield* Effect.sleep('10 millis')
      expect(openFiles()).toBe(before)
      rmSync(root, { recursive: true })
    }),
  )
})
