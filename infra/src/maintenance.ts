import type { MikroORM } from '@mikro-orm/postgresql'
import { Schema } from 'effect'
import { deleteOldMail } from './mail/Outbox.ts'

// The hourly purge of rows that only ever grow (the worker schedules it). Each delete is a range on an
// index of Migration20261122200000 (or Migration20261122172847) and removes a bounded batch per statement,
// so a long backlog never holds a big lock or a long transaction; running it twice, or on two workers at
// once, only finds less to delete.

const hour = 3_600_000
const day = 24 * hour

/** How long each kind of row outlives its use. */
const retention = {
  /** Throttling windows last minutes (AccountLimits.windowMs); a day of counters is plenty. */
  authAttemptMs: day,
  /** Sessions and e-mailed links stay a while after they end, for support questions about them. */
  sessionMs: 30 * day,
  authTokenMs: 30 * day,
  /** Sent and given-up e-mails keep only their envelope (the bodies are emptied at once). */
  finishedMailMs: 30 * day,
  /** Kept e-mails (no SMTP server) still hold their links, so they go sooner. */
  keptMailMs: 7 * day,
} as const

/** Rows one statement deletes at most. */
const batchSize = 1000

/** How many rows each table lost. */
export interface PurgeReport {
  readonly authAttempts: number
  readonly sessions: number
  readonly authTokens: number
  readonly mails: number
}

const decodeCount = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ n: Schema.Int })))

/** Repeats `deleteBatch` until a batch comes back short; the total it deleted. */
const drain = async (deleteBatch: () => Promise<number>): Promise<number> => {
  let total = 0
  for (;;) {
    const deleted = await deleteBatch()
    total += deleted
    if (deleted < batchSize) return total
  }
}

/** Deletes up to one batch of `table` rows whose `column` is before `before`. */
const deleteBefore = (orm: MikroORM, table: string, column: string, before: Date) => async () => {
  const rows = decodeCount(
    await orm.em.fork().execute(
      `with gone as (
         delete from "${table}" where id in (select id from "${table}" where "${column}" < ? limit ?)
         returning 1
       )
       select count(*)::int as n from gone`,
      [before, batchSize],
    ),
  )
  return rows[0]?.n ?? 0
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms)

/**
 * The worker's hourly job: deletes throttling counters older than a day, sessions and e-mailed links that
 * expired or were revoked/used more than 30 days before `now`, e-mails sent or given up more than 30 days
 * ago and kept ones older than 7 days. Idempotent.
 */
export const purgeExpired = async (orm: MikroORM, now: Date): Promise<PurgeReport> => {
  const authAttempts = await drain(deleteBefore(orm, 'auth_attempt', 'at', ago(now, retention.authAttemptMs)))
  const sessionCutoff = ago(now, retention.sessionMs)
  // Two deletes rather than one with `or`: each is a plain range on its own index.
  const sessions =
    (await drain(deleteBefore(orm, 'user_session', 'expires_at', sessionCutoff))) +
    (await drain(deleteBefore(orm, 'user_session', 'revoked_at', sessionCutoff)))
  const tokenCutoff = ago(now, retention.authTokenMs)
  const authTokens =
    (await drain(deleteBefore(orm, 'auth_token', 'expires_at', tokenCutoff))) +
    (await drain(deleteBefore(orm, 'auth_token', 'used_at', tokenCutoff)))
  const finishedBefore = ago(now, retention.finishedMailMs)
  const keptBefore = ago(now, retention.keptMailMs)
  const mails = await drain(() => deleteOldMail(orm, { finishedBefore, keptBefore, limit: batchSize }))
  return { authAttempts, sessions, authTokens, mails }
}
