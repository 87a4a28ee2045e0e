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
})
