import { type AccountsPurge, purgeExpiredAccountData } from '@kibitz/accounts'
import { purgeRegistrationRequests } from '@kibitz/registration'
import { Effect } from 'effect'
import { deleteOldMail } from './mail/Outbox.ts'
import { Database, withEm } from './runtime.ts'

// The hourly purge of rows that only ever grow (the worker schedules it): the accounts domain purges its
// own tables; the mail outbox, which infra owns, is purged here. Each delete is a range on an index of
// Migration20261122200000 (or Migration20261122172847) and removes a bounded batch per statement, so a long
// backlog never holds a big lock or a long transaction; running it twice, or on two workers at once, only
// finds less to delete.

const day = 24 * 3_600_000

/** How long finished e-mails outlive their use. */
const retention = {
  /** Sent and given-up e-mails keep only their envelope (the bodies are emptied at once). */
  finishedMailMs: 30 * day,
  /** Kept e-mails (no SMTP server) still hold their links, so they go sooner. */
  keptMailMs: 7 * day,
} as const

/** Rows one statement deletes at most. */
const batchSize = 1000

/** How many rows each table lost. */
export interface PurgeReport extends AccountsPurge {
  readonly mails: number
  readonly registrationRequests: number
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms)

/**
 * The worker's hourly job, run through its runtime: the accounts domain's upkeep (throttling counters, old
 * sessions and links), then e-mails sent or given up more than 30 days ago and kept ones older than 7 days, then
 * the registration domain's day-old idempotency keys. Each domain's purge is a unit of work of its own on a fresh
 * EntityManager fork (withEm), as every request and job is. Idempotent.
 */
export const purgeExpiredRows = (now: Date): Effect.Effect<PurgeReport, never, Database> =>
  Effect.gen(function* () {
    const accounts = yield* withEm(purgeExpiredAccountData(now))
    const orm = yield* Database
    const finishedBefore = ago(now, retention.finishedMailMs)
    const keptBefore = ago(now, retention.keptMailMs)
    let mails = 0
    for (;;) {
      const gone = yield* Effect.promise(() =>
        deleteOldMail(orm, { finishedBefore, keptBefore, limit: batchSize }),
      )
      mails += gone
      if (gone < batchSize) break
    }
    const registrationRequests = yield* withEm(purgeRegistrationRequests(now))
    return { ...accounts, mails, registrationRequests }
  })
