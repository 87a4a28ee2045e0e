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
