import { describe, expect, it } from '@effect/vitest'
import { Em, inTransaction, preparedRead } from '@kibitz/kernel'
import { useDomainDatabase } from '@kibitz/testing'
import { Effect, Schema } from 'effect'

// preparedRead (docs/decisions/025): a public page's read as a named prepared statement, planned once per
// connection; inside a transaction it reads through the transaction, so it sees that transaction's own writes.

const db = useDomainDatabase()
const decode = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ name: Schema.String, n: Schema.Int })))
const read = `select name, $1::int + $2::int as n from time_zone where name = $3 or name = $4 order by name`

describe('preparedRead', () => {
  it.effect('answers as a plain query would, the same text again with other values', () =>
    Effect.gen(function* () {
      const first = decode(yield* preparedRead(read, [1, 2, 'UTC', 'Europe/Vilnius']))
      const second = decode(yield* preparedRead(read, [3, 4, 'Europe/Warsaw', 'Nowhere/Else']))
      expect(first).toEqual([
        { name: 'Europe/Vilnius', n: 3 },
        { name: 'UTC', n: 3 },
      ])
      expect(second).toEqual([{ name: 'Europe/Warsaw', n: 7 }])
    }).pipe(Effect.provideService(Em, db.orm.em.fork())),
  )

  it.effect('reads through the open transaction, its own uncommitted rows included', () =>
    Effect.gen(function* () {
      const inside = yield* inTransaction(
        Effect.gen(function* () {
          const em = yield* Em
          yield* Effect.promise(() =>
            em.execute(`insert into time_zone (name) values ('Test/Uncommitted') on conflict do nothing`),
          )
          // Failing afterwards rolls the transaction back; the rows come out as the failure.
          return yield* Effect.fail(decode(yield* preparedRead(read, [0, 1, 'Test/Uncommitted', 'x'])))
        }),
      ).pipe(Effect.flip)
      expect(inside).toEqual([{ name: 'Test/Uncommitted', n: 1 }])
      // Rolled back: nobody else ever saw it.
      expect(decode(yield* preparedRead(read, [0, 1, 'Test/Uncommitted', 'x']))).toEqual([])
    }).pipe(Effect.provideService(Em, db.orm.em.fork())),
  )

  it.effect('sends the reads of one turn together on one connection, each with its own answer', () =>
    Effect.gen(function* () {
      const reads = Array.from({ length: 12 }, (_, i) =>
        preparedRead(`select pg_backend_pid() as pid, $1::int * 2 as n`, [i]),
      )
      const answers = yield* Effect.all(reads, { concurrency: 'unbounded' })
      const rows = answers.map((rows) =>
        Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ pid: Schema.Int, n: Schema.Int })))(rows),
      )
      expect(rows.map(([row]) => row?.n)).toEqual(Array.from({ length: 12 }, (_, i) => i * 2))
      // One connection, one server process, for all of them (the pool has two).
      expect(new Set(rows.map(([row]) => row?.pid)).size).toBe(1)
    }).pipe(Effect.provideService(Em, db.orm.em.fork())),
  )

  it.effect(
    'fails only the read whose statement failed; the others of its batch and the connection go on',
    () =>
      Effect.gen(function* () {
        const good = (n: number) => preparedRead(`select $1::int as n`, [n])
        const bad = preparedRead(`select 1 / $1::int as n`, [0]).pipe(
          Effect.map(() => 'answered'),
          Effect.catchDefect((defect) => Effect.succeed(String(defect))),
        )
        const [first, failed, last] = yield* Effect.all([good(1), bad, good(3)], { concurrency: 'unbounded' })
        expect([first, last]).toEqual([[{ n: 1 }], [{ n: 3 }]])
        expect(failed).toMatch(/division by zero/)
        // The pool's connections still answer.
        const again = yield* Effect.all([good(4), good(5)], { concurrency: 'unbounded' })
        expect(again).toEqual([[{ n: 4 }], [{ n: 5 }]])
      }).pipe(Effect.provideService(Em, db.orm.em.fork())),
  )
})
