import { Database, withEm } from '@kibitz/infra'
import type { Em } from '@kibitz/kernel'
import { Effect } from 'effect'

/** Runs domain calls as one unit of work on a fresh fork of the web runtime's EntityManager. */
export const unitOfWork = Effect.map(
  Database,
  (orm) =>
    <A, E>(effect: Effect.Effect<A, E, Em>): Effect.Effect<A, E> =>
      withEm(effect).pipe(Effect.provideService(Database, orm)),
)
