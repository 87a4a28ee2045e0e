import { checkReadiness, openOrm } from '@kibitz/infra'
import { Schema } from 'effect'
import { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import '../../testing/src/context.ts'
import { insertEvent, insertTournament } from '../../testing/src/domain.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { queues, startWorker } from '../src/worker.ts'

let db: { url: string; drop: () => Promise<void> }
let orm: Awaited<ReturnType<typeof openOrm>>

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  orm = await openOrm(db.url, { poolMax: 2 })
})

afterAll(async () => {
  await orm.close(true)
  await db.drop()
})

const waitFor = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

describe('startWorker', () => {
  it('is not ready before any worker has processed a heartbeat job', async () => {
    const report = await checkReadiness(orm)
    expect(report).toEqual({
      status: 'unavailable',
      checks: { database: true, migrations: true, worker: false },
    })
  })

  it('processes its heartbeat through the pg-boss queue, making the service ready, and clears it on stop', async () => {
    const worker = await startWorker({
      databaseUrl: db.url,
      workerId: 'test-worker',
      mailFrom: 'Kibitz <no-reply@example.test>',
    })
    try {
      const ready = await waitFor(async () => (await checkReadiness(orm)).status === 'ok', 15_000)
      expect(ready).toBe(true)
      const rows = await orm.em.fork().execute('select worker_id from worker_heartbeat')
      expect(rows).toEqual([{ worker_id: 'test-worker' }])
      // Only the job handler writes the row above; the queue holds the job that carried it.
      const jobs = await orm.em
        .fork()
        .execute("select count(*)::int as n from pgboss.job where name = 'system.heartbeat'")
      expect(jobs[0]?.n).toBeGreaterThanOrEqual(1)
    } finally {
      await worker.stop()
    }
    expect((await checkReadiness(orm)).checks.worker).toBe(false)
  }, 30_000)

  it('schedules the hourly purge and runs it when the maintenance queue hands it a job', async () => {
    await orm.em.fork().execute(
      `insert into auth_attempt (scope, key, "at") values ('login-ip', 'stale', now() - interval '2 days'),
           ('login-ip', 'fresh', now())`,
    )
    const worker = await startWorker({ databaseUrl: db.url, mailFrom: 'Kibitz <no-reply@example.test>' })
    // A client of the queue only, as an operator running the purge by hand would be.
    const client = new PgBoss({
      connectionString: db.url,
      schema: 'pgboss',
      max: 1,
      supervise: false,
      schedule: false,
    })
    try {
      const schedules = Schema.decodeUnknownSync(
        Schema.Array(Schema.Struct({ cron: Schema.String, timezone: Schema.NullOr(Schema.String) })),
      )(
        await orm.em
          .fork()
          .execute('select cron, timezone from pgboss.schedule where name = ?', [queues.maintenance]),
      )
      expect(schedules).toEqual([{ cron: '17 * * * *', timezone: 'UTC' }])

      await client.start()
      await client.send(queues.maintenance, {})
      const Keys = Schema.Array(Schema.Struct({ key: Schema.String }))
      const keys = async () =>
        Schema.decodeUnknownSync(Keys)(
          await orm.em.fork().execute('select key from auth_attempt order by key'),
        )
      expect(await waitFor(async () => (await keys()).length === 1, 15_000)).toBe(true)
      expect(await keys()).toEqual([{ key: 'fresh' }])
    } finally {
      await client.stop({ graceful: false })
      await worker.stop()
    }
  }, 30_000)

  it('expires an unpaid registration past its deadline: its places come back and the registrant is told', async () => {
    const eventId = await insertEvent(orm, { dateStart: '2099-04-01', alias: 'expiry-open' })
    const tournament = await insertTournament(orm, {
      eventId,
      startDate: '2099-04-01',
      tickets: [{ priceMinor: 4000, quantity: 10, sold: 2 }],
    })
    const ticketId = tournament.ticketIds[0] ?? 0
    const lines = JSON.stringify([
      {
        ticketId,
        ageCategoryId: null,
        persons: 2,
        unitPriceMinor: 4000,
        units: 2,
        totalMinor: 8000,
        earlyBird: false,
      },
    ])
    await orm.em.fork().execute(
      `insert into entry (tournament_id, event_id, ticket_id, status, contact_email, language, total_minor, lines,
         payment_method, expires_at, created_at)
       values (?, ?, ?, 'pending', 'late@example.org', 'pl', 8000, ?::jsonb, 'bankTransfer', now() - interval '1 minute', now()),
              (?, ?, ?, 'pending', 'early@example.org', 'pl', 8000, ?::jsonb, 'bankTransfer', now() + interval '1 day', now())`,
      [tournament.id, eventId, ticketId, lines, tournament.id, eventId, ticketId, lines],
    )
    const worker = await startWorker({ databaseUrl: db.url, mailFrom: 'Kibitz <no-reply@example.test>' })
    const client = new PgBoss({
      connectionString: db.url,
      schema: 'pgboss',
      max: 1,
      supervise: false,
      schedule: false,
    })
    try {
      const crons = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ cron: Schema.String })))(
        await orm.em
          .fork()
          .execute('select cron from pgboss.schedule where name = ?', [queues.registrationExpiry]),
      )
      expect(crons).toEqual([{ cron: '* * * * *' }])
      await client.start()
      await client.send(queues.registrationExpiry, {})
      const State = Schema.Array(Schema.Struct({ contact_email: Schema.String, status: Schema.String }))
      const states = async () =>
        Schema.decodeUnknownSync(State)(
          await orm.em.fork().execute('select contact_email, status from entry order by contact_email'),
        )
      expect(await waitFor(async () => (await states()).some((e) => e.status === 'expired'), 15_000)).toBe(
        true,
      )
      expect(await states()).toEqual([
        { contact_email: 'early@example.org', status: 'pending' },
        { contact_email: 'late@example.org', status: 'expired' },
      ])
      const rows = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ sold: Schema.Int })))(
        await orm.em.fork().execute('select sold from ticket where id = ?', [ticketId]),
      )
      expect(rows).toEqual([{ sold: 0 }])
      const mails = Schema.decodeUnknownSync(
        Schema.Array(
          Schema.Struct({ recipient: Schema.String, kind: Schema.String, language: Schema.String }),
        ),
      )(await orm.em.fork().execute('select recipient, kind, language from mail_outbox'))
      expect(mails).toEqual([{ recipient: 'late@example.org', kind: 'registration.expired', language: 'pl' }])
    } finally {
      await client.stop({ graceful: false })
      await worker.stop()
    }
  }, 30_000)

  it('turns a queued forgot-password request into a reset e-mail as soon as it is queued', async () => {
    const worker = await startWorker({ databaseUrl: db.url, mailFrom: 'Kibitz <no-reply@example.test>' })
    try {
      await orm.em.fork().execute(
        `insert into app_user (email, password_hash, language, activated_at, created_at)
         values ('forgetful@example.org', 'x', 'lt', now(), now())`,
      )
      // As the web's forgotPassword queues it: the insert itself wakes the worker (no poll to wait for).
      await orm.em
        .fork()
        .execute(
          `insert into password_reset_request (email, requested_at) values ('forgetful@example.org', now()), ('nobody@example.org', now())`,
        )
      const Rows = Schema.Array(Schema.Struct({ recipient: Schema.String, kind: Schema.String }))
      const resets = async () =>
        Schema.decodeUnknownSync(Rows)(
          await orm.em
            .fork()
            .execute(`select recipient, kind from mail_outbox where kind = 'accounts.passwordReset'`),
        )
      expect(await waitFor(async () => (await resets()).length > 0, 15_000)).toBe(true)
      expect(await resets()).toEqual([{ recipient: 'forgetful@example.org', kind: 'accounts.passwordReset' }])
      const left = await orm.em.fork().execute('select count(*)::int as n from password_reset_request')
      expect(left).toEqual([{ n: 0 }])
    } finally {
      await worker.stop()
    }
  }, 30_000)
})
