import type { Em } from '@kibitz/kernel'
import { Effect } from 'effect'
import { RegistrationRepo } from './internal/RegistrationRepo.ts'

/** A registration's Idempotency-Key (and the status secret its replay answers) is kept this long. */
const requestRetentionMs = 24 * 3_600_000

/** Rows one statement deletes at most. */
const batchSize = 1000

/**
 * The worker only: forgets idempotency keys older than a day, a bounded batch per statement. Idempotent; safe on
 * two workers at once. Answers how many went.
 */
export const purgeRegistrationRequests = (now: Date): Effect.Effect<number, never, Em> =>
  Effect.gen(function* () {
    const repo = yield* RegistrationRepo
    const before = new Date(now.getTime() - requestRetentionMs)
    let gone = 0
    for (;;) {
      const deleted = yield* repo.purgeRequests(before, batchSize)
      gone += deleted
      if (deleted < batchSize) return gone
    }
  }).pipe(Effect.provide(RegistrationRepo.layer))
