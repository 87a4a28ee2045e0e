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

/** What `pipelined` needs of node-postgres's pool and its clients. */
interface PipelinePool {
  connect(): Promise<PipelineClient>
}
interface PipelineClient {
  pipeline: boolean
  query(config: { name: string; text: string; values: Array<unknown> }): Promise<{ rows: Array<unknown> }>
  release(error?: Error | boolean): void
}

interface WaitingRead {
  readonly query: { name: string; text: string; values: Array<unknown> }
  readonly resolve: (rows: ReadonlyArray<unknown>) => void
  readonly reject: (error: unknown) => void
}

/** Reads outside a transaction waiting for the next batch, by pool. */
const waiting = new Map<PipelinePool, Array<WaitingRead>>()

/** How many reads one batch sends at most (a batch waits for its slowest). */
const batchAtMost = 16

/**
 * Sends the reads of one turn of the event loop together on one pooled connection, each written without waiting
 * for the one before (node-postgres's pipeline mode; each still has its own Sync, so one's error is its own). The
 * event page's four independent reads, and the reads of other requests in the same turn, cost one connection and
 * one wake-up of its server process instead of one each (issue 16).
 */
const pipelined = (pool: PipelinePool, query: WaitingRead['query']): Promise<ReadonlyArray<unknown>> =>
  new Promise((resolve, reject) => {
    let batch = waiting.get(pool)
    if (batch === undefined || batch.length >= batchAtMost) {
      batch = []
      waiting.set(pool, batch)
      const sent = batch
      setImmediate(() => {
        if (waiting.get(pool) === sent) waiting.delete(pool)
        void sendBatch(pool, sent)
      })
    }
    batch.push({ query, resolve, reject })
  })

const sendBatch = async (pool: PipelinePool, batch: ReadonlyArray<WaitingRead>): Promise<void> => {
  let client: PipelineClient
  try {
    client = await pool.connect()
  } catch (error) {
    for (const read of batch) read.reject(error)
    return
  }
  let broken: Error | undefined
  client.pipeline = batch.length > 1
  await Promise.all(
    batch.map((read) =>
      client.query(read.query).then(
        (result) => read.resolve(result.rows),
        (error: unknown) => {
          // A statement's own error (a PostgreSQL error message) leaves the connection usable; anything else
          // (a socket that closed) does not.
          if (!(error instanceof Error && 'severity' in error))
            broken = error instanceof Error ? error : new Error(String(error))
          read.reject(error)
        },
      ),
    ),
  )
  client.pipeline = false
  client.release(broken)
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
    return pipelined(pool, { name, text: sql, values: [...params] })
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
