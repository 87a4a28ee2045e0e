import type { MikroORM } from '@mikro-orm/postgresql'
import { Schema } from 'effect'
import { pendingMigrations } from './orm.ts'

/** A worker counts as alive when it beat within this many seconds. */
export const heartbeatFreshSeconds = 30

export interface Readiness {
  readonly status: 'ok' | 'unavailable'
  readonly checks: { readonly database: boolean; readonly migrations: boolean; readonly worker: boolean }
}

const BeatRow = Schema.Struct({ fresh: Schema.Boolean })
const decodeBeat = Schema.decodeUnknownSync(Schema.Array(BeatRow))

/** Database reachable, every migration of this build applied, and a worker beat recently. */
export const checkReadiness = async (orm: MikroORM): Promise<Readiness> => {
  const em = orm.em.fork()
  const database = await em
    .execute('select 1')
    .then(() => true)
    .catch(() => false)
  const migrations = database
    ? await pendingMigrations(orm)
        .then((pending) => pending.length === 0)
        .catch(() => false)
    : false
  const worker = database
    ? await em
        .execute(
          `select coalesce(max(beat_at) > now() - make_interval(secs => ?), false) as fresh from worker_heartbeat`,
          [heartbeatFreshSeconds],
        )
        .then((rows) => decodeBeat(rows)[0]?.fresh ?? false)
        .catch(() => false)
    : false
  const ok = database && migrations && worker
  return { status: ok ? 'ok' : 'unavailable', checks: { database, migrations, worker } }
}

/** Records that worker `workerId` is alive. */
export const recordHeartbeat = async (orm: MikroORM, workerId: string): Promise<void> => {
  await orm.em
    .fork()
    .execute(
      'insert into worker_heartbeat (worker_id, beat_at) values (?, now()) on conflict (worker_id) do update set beat_at = now()',
      [workerId],
    )
}

/** Forgets a worker that stops cleanly, so readiness notices at once. */
export const clearHeartbeat = async (orm: MikroORM, workerId: string): Promise<void> => {
  await orm.em.fork().execute('delete from worker_heartbeat where worker_id = ?', [workerId])
}
