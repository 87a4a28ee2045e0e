import { Database, DomainServices, withEm } from '@kibitz/infra'
import type { Em } from '@kibitz/kernel'
import { type Effect, Layer, ManagedRuntime } from 'effect'

/**
 * The web role's one ManagedRuntime: the domain services over one MikroORM instance. The launcher
 * (scripts/start.ts) sets DATABASE_URL before it loads the server bundle.
 */
const makeRuntime = () => {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm start`')
  return ManagedRuntime.make(DomainServices.pipe(Layer.provideMerge(Database.layer(url))))
}

type AppRuntime = ReturnType<typeof makeRuntime>
let runtime: AppRuntime | undefined

/** The runtime, created on first use. */
export const appRuntime = (): AppRuntime => {
  runtime ??= makeRuntime()
  return runtime
}

export type AppServices = ManagedRuntime.ManagedRuntime.Services<AppRuntime>

/** Runs one domain effect as a unit of work on a fresh EntityManager fork. */
export const runDomain = <A, E>(effect: Effect.Effect<A, E, AppServices | Em>): Promise<A> =>
  appRuntime().runPromise(withEm(effect))

/** Disposes the runtime (closes the database pool); used on shutdown. */
export const disposeRuntime = async (): Promise<void> => {
  const current = runtime
  runtime = undefined
  if (current) await current.dispose()
}
