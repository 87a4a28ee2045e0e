import type { EntityManager } from '@mikro-orm/postgresql'
import { Context, Effect, Exit } from 'effect'

/** The request's (or job's) forked MikroORM EntityManager; only repositories read it. */
export class Em extends Context.Service<Em, EntityManager>()('@kibitz/kernel/Em') {}

/**
 * Runs `effect` in one database transaction on a fork of the current EntityManager: everything it writes
 * through `Em` (outbox messages included) commits together, or rolls back on any failure or defect.
 */
export const inTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | Em> =>
  Effect.flatMap(Em, (em) => {
    // Already inside one: join it, so the whole unit commits or rolls back together.
    if (em.isInTransaction()) return Effect.provideService(effect, Em, em)
    const tx = em.fork()
    return Effect.acquireUseRelease(
      Effect.promise(() => tx.begin()),
      () => Effect.provideService(effect, Em, tx).pipe(Effect.tap(() => Effect.promise(() => tx.commit()))),
      (_, exit) =>
        Exit.isFailure(exit) ? Effect.promise(() => tx.rollback().catch(() => undefined)) : Effect.void,
    )
  })

/** What a repository's method answers: it runs on the caller's EntityManager; database failures are defects. */
export type Db<A> = Effect.Effect<A, never, Em>

/**
 * One ORM call on the current EntityManager, for a repository's one-line methods
 * (docs/decisions/037-one-repository-form.md); a database failure is a defect.
 */
export const db = <A>(f: (em: EntityManager) => Promise<A>): Db<A> =>
  Effect.flatMap(Em, (em) => Effect.promise(() => f(em)))

/** The name of each distinct prepared text, the same on every connection of the process. */
const preparedNames = new Map<string, string>()

/**
 * A read a public page runs on every request, sent as a named prepared statement: PostgreSQL plans it once per
 * connection instead of on every call (the event page's tournament graph took a millisecond to plan), and it
 * skips the ORM's query layers (docs/decisions/025). `sql` numbers its parameters `$1`…`$n`. Inside a
 * transaction it runs on the transaction's connection through the ORM like any other read, so it sees the
 * transaction's own writes.
 */
export const preparedRead = (sql: string, params: ReadonlyArray<unknown>): Db<ReadonlyArray<unknown>> =>
  Effect.flatMap(Em, (em) =>
    Effect.promise(async (): Promise<ReadonlyArray<unknown>> => {
      if (em.isInTransaction()) {
        const order = Array.from(sql.matchAll(/\$(\d+)/g), (m) => params[Number(m[1]) - 1])
        return em.execute(sql.replace(/\$\d+/g, '?'), order)
      }
      let name = preparedNames.get(sql)
      if (name === undefined) {
        name = `kibitz_${preparedNames.size + 1}`
        preparedNames.set(sql, name)
      }
      const pool = await em.getConnection().getNativeClient()
      const result = await pool.query({ name, text: sql, values: [...params] })
      return result.rows
    }),
  )
