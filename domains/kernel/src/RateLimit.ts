import { Context, type Effect, Schema } from 'effect'
import type { Em } from './Em.ts'

/** Too many attempts of one kind from one key; the caller answers 429 with Retry-After. */
export class RateLimited extends Schema.TaggedError<RateLimited>()('RateLimited', {
  retryAfterSeconds: Schema.Int,
}) {}

/**
 * Counted attempts in a sliding window, for limits that are not about accounts (anonymous registrations per
 * client address). The accounts domain implements it over its attempt counters; the kernel only declares it.
 */
export class RateLimit extends Context.Service<
  RateLimit,
  {
    /**
     * Counts one attempt of `key` in `scope`, then refuses it (RateLimited, uncounted again) when the last
     * `windowMs` already held `limit` attempts. The count is committed at once, outside any transaction of the
     * caller, and concurrent attempts cannot all pass one check.
     */
    take(scope: string, key: string, limit: number, windowMs: number): Effect.Effect<void, RateLimited, Em>
  }
>()('@kibitz/kernel/RateLimit') {}
