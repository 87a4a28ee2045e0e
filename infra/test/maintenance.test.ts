import type { MikroORM } from '@mikro-orm/postgresql'
import { Layer, ManagedRuntime, Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import '../../testing/src/context.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { purgeExpiredRows } from '../src/maintenance.ts'
import { openOrm } from '../src/orm.ts'
import { Database, DomainServices } from '../src/runtime.ts'

let db: { url: string; drop: () => Promise<void> }
let orm: MikroORM
/** The worker's runtime: every domain service over this file's database. */
let runtime: ManagedRuntime.ManagedRuntime<Layer.Success<typeof DomainServices> | Database, never>

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  orm = await openOrm(db.url, { poolMax: 2 })
  runtime = ManagedRuntime.make(DomainServices.pipe(Layer.provideMerge(Layer.succeed(Database, orm))))
})

afterAll(async () => {
  await runtime.dispose()
  await orm.close(true)
  await db.drop()
})

const now = new Date('2027-03-10T12:00:00Z')
const minute = 60_000
const day = 24 * 60 * minute
/** `ms` before `now`, or after it when negative. */
const before = (ms: number) => new Date(now.getTime() - ms)

const sql = async (query: string, params: ReadonlyArray<string | number | boolean | Date | null> = []) =>
  orm.em.fork().execute(query, [...params])

const Labels = Schema.Array(Schema.Struct({ label: Schema.String }))
/** The labels left in `table`, sorted. */
const labelsIn = async (table: string, column: string): Promise<ReadonlyArray<string>> =>
  Schema.decodeUnknownSync(Labels)(await sql(`select ${column} as label from ${table} order by 1`)).map(
    (row) => row.label,
  )

const Id = Schema.Array(Schema.Struct({ id: Schema.Int }))

describe('purgeExpiredRows', () => {
  let userId = 0

  beforeAll(async () => {
    const [user] = Schema.decodeUnknownSync(Id)(
      await sql(`insert into app_user (email, created_at) values ('purge@example.test', ?) returning id`, [
        before(90 * day),
      ]),
    )
    userId = user?.id ?? 0

    // Throttling counters: the key says which side of the one-day cut-off each is on.
    for (const [key, at] of [
      ['attempt-old', before(day + minute)],
      ['attempt-recent', before(day - minute)],
      ['attempt-now', now],
    ] as const) {
      await sql(`insert into auth_attempt (scope, key, "at") values ('login-ip', ?, ?)`, [key, at])
    }
    // More than one batch of old counters, so the purge has to come back for the rest.
    await sql(
      `insert into auth_attempt (scope, key, "at")
       select 'login-ip', 'bulk-' || n, ? from generate_series(1, 2500) n`,
      [before(2 * day)],
    )

    // Sessions: user_agent labels them.
    const sessions: ReadonlyArray<readonly [string, Date, Date | null]> = [
      ['session-expired-long-ago', before(30 * day + minute), null],
      ['session-expired-recently', before(30 * day - minute), null],
      ['session-revoked-long-ago', before(20 * day), before(30 * day + minute)],
      ['session-revoked-recently', before(-10 * day), before(30 * day - minute)],
      ['session-active', before(-14 * day), null],
    ]
    for (const [label, expiresAt, revokedAt] of sessions) {
      await sql(
        `insert into user_session (token_hash, user_id, created_at, last_seen_at, expires_at, absolute_expires_at,
           revoked_at, user_agent)
         values (md5(?) || md5(?), ?, ?, ?, ?, ?, ?, ?)`,
        [
          label,
          label,
          userId,
          before(60 * day),
          before(40 * day),
          expiresAt,
          before(-60 * day),
          revokedAt,
          label,
        ],
      )
    }

    // Known devices: the token hash is the label; one was forgotten a minute ago, one is remembered.
    for (const [label, expiresAt] of [
      ['device-expired', before(minute)],
      ['device-known', before(-300 * day)],
    ] as const) {
      await sql(
        `insert into known_device (token_hash, user_id, created_at, last_used_at, expires_at) values (?, ?, ?, ?, ?)`,
        [label, userId, before(400 * day), before(65 * day), expiresAt],
      )
    }

    // E-mailed links: the purpose can not label them, so the token hash starts with the label.
    const tokens: ReadonlyArray<readonly [string, Date, Date | null]> = [
      ['token-expired-long-ago', before(30 * day + minute), null],
      ['token-expired-recently', before(30 * day - minute), null],
      ['token-used-long-ago', before(10 * day), before(30 * day + minute)],
      ['token-used-recently', before(-1 * day), before(30 * day - minute)],
      ['token-open', before(-1 * day), null],
    ]
    for (const [label, expiresAt, usedAt] of tokens) {
      await sql(
        `insert into auth_token (token_hash, purpose, user_id, created_at, expires_at, used_at)
         values (?, 2, ?, ?, ?, ?)`,
        [label, userId, before(40 * day), expiresAt, usedAt],
      )
    }

    // E-mails: status pending 1, sent 2, failed 3 (given up at next_attempt_at), kept 4; the subject labels them.
    const mails: ReadonlyArray<readonly [string, number, Date, Date | null, Date]> = [
      ['mail-sent-long-ago', 2, before(31 * day), before(30 * day + minute), before(31 * day)],
      ['mail-sent-recently', 2, before(31 * day), before(30 * day - minute), before(31 * day)],
      ['mail-failed-long-ago', 3, before(31 * day), null, before(30 * day + minute)],
      ['mail-failed-recently', 3, before(31 * day), null, before(30 * day - minute)],
      ['mail-kept-long-ago', 4, before(7 * day + minute), null, before(7 * day + minute)],
      ['mail-kept-recently', 4, before(7 * day - minute), null, before(7 * day - minute)],
      // Still waiting for an SMTP server that was down for months: never purged.
      ['mail-pending-long-ago', 1, before(60 * day), null, before(minute)],
    ]
    for (const [label, status, createdAt, sentAt, nextAttemptAt] of mails) {
      await sql(
        `insert into mail_outbox (recipient, subject, text_body, kind, language, status, created_at, sent_at,
           next_attempt_at)
         values ('someone@example.test', ?, '', 'accounts.activation', 'en', ?, ?, ?, ?)`,
        [label, status, createdAt, sentAt, nextAttemptAt],
      )
    }
  })

  it('deletes only the rows past their cut-off and reports how many went', async () => {
    expect(await runtime.runPromise(purgeExpiredRows(now))).toEqual({
      authAttempts: 2501,
      sessions: 2,
      authTokens: 2,
      knownDevices: 1,
      mails: 3,
      registrationRequests: 0,
    })

    expect(await labelsIn('known_device', 'token_hash')).toEqual(['device-known'])
    expect(await labelsIn('auth_attempt', 'key')).toEqual(['attempt-now', 'attempt-recent'])
    expect(await labelsIn('user_session', 'user_agent')).toEqual([
      'session-active',
      'session-expired-recently',
      'session-revoked-recently',
    ])
    expect(await labelsIn('auth_token', 'token_hash')).toEqual([
      'token-expired-recently',
      'token-open',
      'token-used-recently',
    ])
    expect(await labelsIn('mail_outbox', 'subject')).toEqual([
      'mail-failed-recently',
      'mail-kept-recently',
      'mail-pending-long-ago',
      'mail-sent-recently',
    ])
    // Purging sessions and links leaves their user alone.
    expect(await labelsIn('app_user', 'email')).toEqual(['purge@example.test'])
  })

  it('finds nothing more when it runs again at the same time', async () => {
    expect(await runtime.runPromise(purgeExpiredRows(now))).toEqual({
      authAttempts: 0,
      sessions: 0,
      authTokens: 0,
      knownDevices: 0,
      mails: 0,
      registrationRequests: 0,
    })
    expect(await labelsIn('mail_outbox', 'subject')).toHaveLength(4)
  })

  it('takes the next rows once they age past the cut-off', async () => {
    const later = new Date(now.getTime() + 2 * minute)
    expect(await runtime.runPromise(purgeExpiredRows(later))).toEqual({
      authAttempts: 1,
      sessions: 2,
      authTokens: 2,
      knownDevices: 0,
      mails: 3,
      registrationRequests: 0,
    })
    expect(await labelsIn('auth_attempt', 'key')).toEqual(['attempt-now'])
    expect(await labelsIn('user_session', 'user_agent')).toEqual(['session-active'])
    expect(await labelsIn('auth_token', 'token_hash')).toEqual(['token-open'])
    expect(await labelsIn('mail_outbox', 'subject')).toEqual(['mail-pending-long-ago'])
  })
})
