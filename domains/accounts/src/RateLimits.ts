import { RateLimit, RateLimited } from '@kibitz/kernel'
import { Effect, Layer } from 'effect'
import { countAttempt } from './internal/Attempts.ts'

/** The kernel's RateLimit over the accounts domain's attempt counters (the table the hourly purge trims). */
export const rateLimitLayer = Layer.succeed(
  RateLimit,
  RateLimit.of({
    take: Effect.fn('RateLimit.take')(function* (scope, key, limit, windowMs) {
      const counted = yield* countAttempt(scope, key, limit, windowMs)
      if (!counted.allowed) return yield* new RateLimited({ retryAfterSeconds: counted.retryAfterSeconds })
    }),
  }),
)
