import type { EntityManager, Kysely } from '@mikro-orm/postgresql'
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

/**
 * The name of each distinct prepared text, the same on every connection of the process. A text is looked up by its
 * characters, so a caller builds it once (a module's constant), not on every call.
 */
const preparedNames = new Map<string, string>()

const preparedName = (sql: string) => {
  let name = preparedNames.get(sql)
  if (name === undefined) {
    name = `kibitz_${preparedNames.size + 1}`
    preparedNames.set(sql, name)
  }
  return name
}

/**
 * Runs `sql` as a named prepared statement: on the transaction's connection when `em` has one and `outside` is
 * false, else on a pooled connection of its own.
 */
const runPrepared = async (
  em: EntityManager,
  sql: string,
  params: ReadonlyArray<unknown>,
  outside: boolean,
): Promise<ReadonlyArray<unknown>> => {
  const name = preparedName(sql)
  const transaction = outside ? undefined : em.getTransactionContext<Kysely<unknown>>()
  if (transaction === undefined) {
    const pool = await em.getConnection().getNativeClient()
    return (await pool.query({ name, text: sql, values: [...params] })).rows
  }
  // The transaction's connection is the ORM's, behind kysely, which hands a compiled query's `sql` to pg as it is;
  // pg prepares a statement by name when that is a query config instead of a text.
  const compiled = {
    sql: { name, text: sql } as unknown as string,
    parameters: [...params],
    query: { kind: 'RawNode' as const, sqlFragments: [sql], parameters: [] },
    queryId: { queryId: name },
  }
  return (await transaction.executeQuery(compiled)).rows
}

/**
 * A read a public page runs on every request, sent as a named prepared statement: PostgreSQL plans it once per
 * connection instead of on every call (the event page's tournament graph took a millisecond to plan), and it
 * skips the ORM's query layers (docs/decisions/025). `sql` numbers its parameters `$1`…`$n`. Inside a
 * transaction it runs on the transaction's connection, so it sees the transaction's own writes.
 */
export const preparedRead = (sql: string, params: ReadonlyArray<unknown>): Db<ReadonlyArray<unknown>> =>
  Effect.flatMap(Em, (em) => Effect.promise(() => runPrepared(em, sql, params, false)))

/**
 * A write a hot path makes on every request (a registration's, issue 16) as a named prepared statement, as
 * `preparedRead` reads: in the current transaction when there is one, so it commits or rolls back with it.
 */
export const preparedWrite = (sql: string, params: ReadonlyArray<unknown>): Db<ReadonlyArray<unknown>> =>
  Effect.flatMap(Em, (em) => Effect.promise(() => runPrepared(em, sql, params, false)))

/**
 * A statement as a named prepared statement on a pooled connection of its own, outside any transaction of the
 * caller, so it is committed at once (a throttle's counter, which counts even when the caller rolls back).
 */
export const preparedOnOwnConnection = (
  sql: string,
  params: ReadonlyArray<unknown>,
): Db<ReadonlyArray<unknown>> =>
  Effect.flatMap(Em, (em) => Effect.promise(() => runPrepared(em, sql, params, true)))
