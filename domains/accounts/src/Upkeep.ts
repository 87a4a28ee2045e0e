import type { Em } from '@kibitz/kernel'
import { Effect } from 'effect'
import { AccountRepo, type Expiring } from './internal/AccountRepo.ts'

// The hourly upkeep of the accounts tables (the worker's maintenance job calls it): throttling counters,
// sessions and e-mailed links are deleted a while after they stop mattering.

const hour = 3_600_000
const day = 24 * hour

/** How long each kind of row outlives its use. */
const retention = {
  /** Throttling windows last minutes (AccountLimits.windowMs); a day of counters is plenty. */
  authAttemptMs: day,
  /** Sessions and e-mailed links stay a while after they end, for support questions about them. */
  sessionMs: 30 * day,
  authTokenMs: 30 * day,
} as const

/** Rows one statement deletes at most. */
const batchSize = 1000

/** Repeats one batch delete until a batch comes back short; the total. */
const drain = (target: Expiring, before: Date) =>
  Effect.gen(function* () {
    const accounts = yield* AccountRepo
    let total = 0
    for (;;) {
      const gone = yield* accounts.deleteBatchBefore(target, before, batchSize)
      total += gone
      if (gone < batchSize) return total
    }
  })

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms)

/** How many rows each accounts table lost. */
export interface AccountsPurge {
  readonly authAttempts: number
  readonly sessions: number
  readonly authTokens: number
  readonly knownDevices: number
}

/**
 * The worker only: deletes throttling counters older than a day, sessions and e-mailed links that
 * expired or were revoked or used more than 30 days before `now`, and known devices past their expiry. Idempotent; safe on two workers at once.
 */
export const purgeExpiredAccountData = (now: Date): Effect.Effect<AccountsPurge, never, Em> =>
  Effect.gen(function* () {
    const authAttempts = yield* drain(
      { table: 'auth_attempt', column: 'at' },
      ago(now, retention.authAttemptMs),
    )
    // Two deletes rather than one with `or`: each is a plain range on its own index.
    const sessionCutoff = ago(now, retention.sessionMs)
    const sessions =
      (yield* drain({ table: 'user_session', column: 'expires_at' }, sessionCutoff)) +
      (yield* drain({ table: 'user_session', column: 'revoked_at' }, sessionCutoff))
    const tokenCutoff = ago(now, retention.authTokenMs)
    const authTokens =
      (yield* drain({ table: 'auth_token', column: 'expires_at' }, tokenCutoff)) +
      (yield* drain({ table: 'auth_token', column: 'used_at' }, tokenCutoff))
    // A device the account has not signed in from for a year is forgotten (AccountLimits.knownDeviceMs).
    const knownDevices = yield* drain({ table: 'known_device', column: 'expires_at' }, now)
    return { authAttempts, sessions, authTokens, knownDevices }
  }).pipe(Effect.provide(AccountRepo.layer))
