import { RateLimit, RateLimited } from '@kibitz/kernel'
import { Effect, Layer } from 'effect'
import { attemptCounter } from './internal/Attempts.ts'
import { SignInRepo } from './internal/SignInRepo.ts'

/** The kernel's RateLimit over the accounts domain's attempt counters (the table the hourly purge trims). */
export const rateLimitLayer = Layer.effect(
  RateLimit,
  Effect.gen(function* () {
    const countAttempt = attemptCounter(yield* SignInRepo)
    return RateLimit.of({
      take: Effect.fn('RateLimit.take')(function* (scope, key, limit, windowMs) {
        const counted = yield* countAttempt(scope, key, limit, windowMs)
        if (!counted.allowed) return yield* new RateLimited({ retryAfterSeconds: counted.retryAfterSeconds })
      }),
    })
  }),
).pipe(Layer.provide(SignInRepo.layer))
