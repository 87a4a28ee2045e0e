import { describe, expect, it } from '@effect/vitest'
import { Em, inTransaction, preparedOnOwnConnection, preparedRead, preparedWrite } from '@kibitz/kernel'
import { useDomainDatabase } from '@kibitz/testing'
import { Effect, Schema } from 'effect'

// preparedWrite and preparedOnOwnConnection (issue 16): a hot path's writes as named prepared statements, in the
// caller's transaction (on its connection, prepared there too) or on a connection of their own that commits at once.

const db = useDomainDatabase()
const insert = `insert into time_zone (name) values ($1) returning name`
const Names = Schema.Array(Schema.Struct({ name: Schema.String }))
const named = (name: string) =>
  Effect.map(preparedRead('select name from time_zone where name = $1', [name]), (rows) =>
    Schema.decodeUnknownSync(Names)(rows).map((r) => r.name),
  )
const Counted = Schema.Array(Schema.Struct({ n: Schema.Int }))

describe('preparedWrite', () => {
  it.effect('writes in the caller’s transaction, prepared on its connection, and rolls back with it', () =>
    Effect.gen(function* () {
      const prepared = yield* inTransaction(
        Effect.gen(function* () {
          yield* preparedWrite(insert, ['Test/Rolled back'])
          const em = yield* Em
          // The transaction's own connection holds the statement, prepared under its name.
          const [counted] = Schema.decodeUnknownSync(Counted)(
            yield* Effect.promise(() =>
              em.execute('select count(*)::int as n from pg_prepared_statements where statement = ?', [
                insert,
              ]),
            ),
          )
          expect(yield* named('Test/Rolled back')).toEqual(['Test/Rolled back'])
          return yield* Effect.fail(counted?.n ?? 0)
        }),
      ).pipe(Effect.flip)
      expect(prepared).toBe(1)
      expect(yield* named('Test/Rolled back')).toEqual([])
    }).pipe(Effect.provideService(Em, db.orm.em.fork())),
  )

  it.effect(
    'on a connection of its own, a write is committed at once, whatever the caller’s transaction does',
    () =>
      Effect.gen(function* () {
        const rolledBack = yield* inTransaction(
          Effect.gen(function* () {
            yield* preparedOnOwnConnection(insert, ['Test/Kept'])
            return yield* Effect.fail('rolled back')
          }),
        ).pipe(Effect.flip)
        expect(rolledBack).toBe('rolled back')
        expect(yield* named('Test/Kept')).toEqual(['Test/Kept'])
      }).pipe(Effect.provideService(Em, db.orm.em.fork())),
  )

  it.effect('sends its values as values: quotes and placeholders in them are only text', () =>
    Effect.gen(function* () {
      const odd = `Test/O'Brien $1 ? ); drop table time_zone; --`
      expect(Schema.decodeUnknownSync(Names)(yield* preparedWrite(insert, [odd]))).toEqual([{ name: odd }])
      expect(yield* named(odd)).toEqual([odd])
    }).pipe(Effect.provideService(Em, db.orm.em.fork())),
  )
})
