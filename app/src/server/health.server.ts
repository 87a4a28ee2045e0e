import { checkReadiness, Database, type Readiness } from '@kibitz/infra'
import { Effect } from 'effect'
import { appRuntime } from './runtime.server.ts'

/** The readiness report of this web process. */
export const readiness = (): Promise<Readiness> =>
  appRuntime().runPromise(Effect.flatMap(Database, (orm) => Effect.promise(() => checkReadiness(orm))))
