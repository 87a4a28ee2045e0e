import { claimDueMail, markMailFailed, openOrm, releaseOrphanedMail } from '@kibitz/infra'
import { findFreePort } from '@kibitz/infra/database'
import { inTransaction, MailMessage, Outbox, type OutboxEntry, UserId } from '@kibitz/kernel'
import { Effect, Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import '../../testing/src/context.ts'
import { EventActions } from '@kibitz/events'
import {
  insertEntry,
  insertEvent,
  insertOrganiser,
  insertRows,
  insertTournament,
  type Orm,
  runWith,
} from '../../testing/src/domain.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../testing/src/smtp.ts'
import { type RunningWorker, startWorker } from '../src/worker.ts'

let db: { url: string; drop: () => Promise<void> }
let orm: Orm

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  orm = await openOrm(db.url, { poolMax: 2 })
})

afterAll(async () => {
  await orm.close(true)
  await db.drop()
})

const mailFrom = 'Kibitz <no-reply@kibitz.test>'

const message = (to: string, subject = `Activate your account, ${to}`) =>
  new MailMessage({
    to,
    subject,
    text: `Open https://kibitz.test/activate?token=t-${to}&lang=pl to activate your account.`,
    html: `<p><a href="https://kibitz.test/activate?token=t-${to}&amp;lang=pl">Activate</a></p>`,
    kind: 'accounts.activation',
    language: 'pl',
  })

/** Enqueues `messages` in one transaction, as a domain transition would; `rollback` abandons it at the end. */
const enqueue = (messages: ReadonlyArray<MailMessage>, options: { rollback?: boolean } = {}) =>
  Effect.runPromise(
    runWith(
      orm,
      Effect.gen(function* () {
        const outbox = yield* Outbox
        return yield* inTransaction(
          Effect.gen(function* () {
            for (const m of messages) yield* outbox.enqueue(m)
            if (options.rollback) return yield* Effect.fail('abandoned')
            return 'committed'
          }),
        ).pipe(Effect.catch((reason) => Effect.succeed(reason)))
      }),
    ),
  )

const outboxEntries = () =>
  Effect.runPromise(
    runWith(
      orm,
      Effect.gen(function* () {
        const outbox = yield* Outbox
        return yield* outbox.recent(200)
      }),
    ),
  )

const entryFor = async (to: string): Promise<OutboxEntry | undefined> =>
  (await outboxEntries()).find((entry) => entry.to === to)

/** Polls until `find` returns something, or fails the test after `timeoutMs`. */
const eventually = async <A>(find: () => Promise<A | undefined>, timeoutMs = 15_000): Promise<A> => {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const found = await find()
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nothing found within ${timeoutMs} ms`)
}

const sentTo = (smtp: TestSmtpServer, to: string): ReadonlyArray<ReceivedMail> =>
  smtp.messages.filter((m) => m.to.includes(to))

const BodyRow = Schema.Struct({ text_body: Schema.String, html_body: Schema.NullOr(Schema.String) })
/** The bodies the mail_outbox table itself holds for `to`, read past the Outbox port. */
const storedBodies = async (to: string) =>
  Schema.decodeUnknownSync(Schema.Array(BodyRow))(
    await orm.em.fork().execute('select text_body, html_body from mail_outbox where recipient = ?', [to]),
  )

describe('mail delivery', () => {
  describe('with an SMTP server', () => {
    let smtp: TestSmtpServer
    let worker: RunningWorker

    beforeAll(async () => {
      smtp = await startSmtpServer()
      // No periodic sweep during these tests: a delivery can only come from the NOTIFY of the commit.
      worker = await startWorker({
        databaseUrl: db.url,
        smtpUrl: smtp.url,
        mailFrom,
        mailSweepEverySeconds: 3600,
      })
    })

    afterAll(async () => {
      await worker.stop()
      await smtp.close()
    })

    it('delivers a message committed with its transaction and marks it sent', async () => {
      expect(await enqueue([message('alice@example.test', 'Aktywuj konto')])).toBe('committed')

      const mail = await smtp.waitForMail((m) => m.to.includes('alice@example.test'))
      expect(mail).toMatchObject({
        to: ['alice@example.test'],
        from: 'no-reply@kibitz.test',
        fromName: 'Kibitz',
        subject: 'Aktywuj konto',
        text: 'Open https://kibitz.test/activate?token=t-alice@example.test&lang=pl to activate your account.',
      })
      expect(mail.html).toContain('<a href=')
      expect(mail.links).toEqual(['https://kibitz.test/activate?token=t-alice@example.test&lang=pl'])
      // One Message-ID per outbox row, so a message sent twice would still be one message to mail systems.
      const [row] = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.String })))(
        await orm.em
          .fork()
          .execute(`select id::text as id from mail_outbox where recipient = 'alice@example.test'`),
      )
      expect(mail.messageId).toBe(`<kibitz-mail-${row?.id}@kibitz.test>`)

      const entry = await eventually(async () => {
        const found = await entryFor('alice@example.test')
        return found?.status === 'sent' ? found : undefined
      })
      expect(entry).toMatchObject({
        subject: 'Aktywuj konto',
        kind: 'accounts.activation',
        language: 'pl',
        attempts: 0,
        lastError: null,
      })
      expect(entry.sentAt?.getTime()).toBeGreaterThanOrEqual(entry.createdAt.getTime())
      // The e-mail carried the link; the table no longer does, since it keeps only the token's hash.
      expect(entry).toMatchObject({ text: '', html: null })
      expect(await storedBodies('alice@example.test')).toEqual([{ text_body: '', html_body: null }])
    })

    it('delivers an event postponement and an organiser message to every registered player, in their language', async () => {
      const organiserId = await insertOrganiser(orm)
      const eventId = await insertEvent(orm, {
        organiserId,
        alias: 'kauno-poros-2027',
        contents: [{ name: 'Kauno poros', language: 'lt' }],
        dateStart: '2027-04-01',
      })
      const tournament = await insertTournament(orm, { eventId, name: 'Pairs', startDate: '2027-04-01' })
      const [userId] = await insertRows(orm, 'app_user', [
        { email: 'marta@example.test', language: 'pl', created_at: '2026-01-01T00:00:00Z' },
      ])
      await insertEntry(orm, {
        tournamentId: tournament.id,
        userId: userId ?? null,
        contestants: [
          { firstName: 'Marta', lastName: 'Nowak', email: 'marta@example.test' },
          { firstName: 'Jonas', lastName: 'Jonaitis', email: 'jonas@example.test' },
        ],
      })
      const actor = { userId: UserId.make(1), organiserId, isSuper: false }
      const perform = (action: 'postpone' | 'notifyEventUsers', message: string) =>
        Effect.runPromise(
          runWith(
            orm,
            EventActions.use((a) => a.perform(actor, eventId, action, { message })),
          ),
        )

      await perform('postpone', 'Salė remontuojama. / The hall is being repaired.')
      const marta = await smtp.waitForMail((m) => m.to.includes('marta@example.test'))
      const jonas = await smtp.waitForMail((m) => m.to.includes('jonas@example.test'))
      // Marta reads Polish (her account); Jonas has no account and reads the event's own language.
      expect(marta.subject).toContain('Kauno poros')
      expect(marta.text).toContain('The hall is being repaired.')
      expect(marta.links.some((l) => l.endsWith('/event/kauno-poros-2027'))).toBe(true)
      expect(jonas.text).toContain('Salė remontuojama.')
      expect(marta.subject).not.toBe(jonas.subject)

      await perform('notifyEventUsers', 'Nauja data: gegužės 6 d.')
      const note = await smtp.waitForMail(
        (m) => m.to.includes('jonas@example.test') && m.text.includes('Nauja data: gegužės 6 d.'),
      )
      expect(note.links.some((l) => l.endsWith('/event/kauno-poros-2027'))).toBe(true)
      await smtp.waitForMail(
        (m) => m.to.includes('marta@example.test') && m.text.includes('Nauja data: gegužės 6 d.'),
      )
      // One e-mail per address and transition: two for each player, nothing twice.
      expect(sentTo(smtp, 'marta@example.test')).toHaveLength(2)
      expect(sentTo(smtp, 'jonas@example.test')).toHaveLength(2)
    })

    it('sends nothing for a transaction that rolls back', async () => {
      expect(await enqueue([message('bob@example.test')], { rollback: true })).toBe('abandoned')
      expect(await enqueue([message('carol@example.test')])).toBe('committed')

      // Carol's message was committed after Bob's was abandoned; once hers has arrived, his never will.
      await smtp.waitForMail((m) => m.to.includes('carol@example.test'))
      expect(sentTo(smtp, 'bob@example.test')).toEqual([])
      expect(await entryFor('bob@example.test')).toBeUndefined()
    })

    it('sends each message once even with two workers and more than one batch', async () => {
      const second = await startWorker({
        databaseUrl: db.url,
        smtpUrl: smtp.url,
        mailFrom,
        mailSweepEverySeconds: 3600,
      })
      try {
        const recipients = Array.from({ length: 45 }, (_, i) => `crowd-${i}@example.test`)
        expect(await enqueue(recipients.map((to) => message(to)))).toBe('committed')

        await eventually(async () => {
          const entries = (await outboxEntries()).filter((e) => e.to.startsWith('crowd-'))
          return entries.length === recipients.length && entries.every((e) => e.status === 'sent')
            ? entries
            : undefined
        })
        // Give a duplicate job time to run before counting.
        await new Promise((resolve) => setTimeout(resolve, 1500))
        for (const to of recipients) expect(sentTo(smtp, to)).toHaveLength(1)
      } finally {
        await second.stop()
      }
    })
  })

  describe('with an unreachable SMTP server', () => {
    it('leaves the message pending with the error, then delivers it once the server is up', async () => {
      const port = await findFreePort()
      const worker = await startWorker({
        databaseUrl: db.url,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom,
        mailRetryBaseSeconds: 2,
        mailSweepEverySeconds: 0.5,
      })
      let smtp: TestSmtpServer | undefined
      try {
        await enqueue([message('dave@example.test', 'Retry me')])
        const failed = await eventually(async () => {
          const found = await entryFor('dave@example.test')
          return found && found.attempts > 0 ? found : undefined
        })
        expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null })
        expect(failed.lastError).toMatch(/ECONNREFUSED/)

        smtp = await startSmtpServer({ port })
        const mail = await smtp.waitForMail((m) => m.to.includes('dave@example.test'), 15_000)
        expect(mail.subject).toBe('Retry me')
        const sent = await eventually(async () => {
          const found = await entryFor('dave@example.test')
          return found?.status === 'sent' ? found : undefined
        })
        expect(sent).toMatchObject({ attempts: 1, lastError: null, text: '', html: null })
      } finally {
        await worker.stop()
        await smtp?.close()
      }
    })
  })

  describe('giving up', () => {
    // No worker runs here: the test plays the worker's part with the same functions.
    it('keeps the bodies while retries remain and empties them once the message is failed', async () => {
      await enqueue([message('frank@example.test', 'Never arrives')])
      const [claimed] = (
        await claimDueMail(orm, { limit: 20, leaseSeconds: 60, workerId: 'test-worker' })
      ).filter((m) => m.to === 'frank@example.test')
      if (!claimed) throw new Error('the message was not claimed')
      await markMailFailed(orm, claimed.id, { error: '450 mailbox busy', retryInSeconds: 0, giveUp: false })
      expect(await entryFor('frank@example.test')).toMatchObject({
        status: 'pending',
        attempts: 1,
        text: 'Open https://kibitz.test/activate?token=t-frank@example.test&lang=pl to activate your account.',
      })

      const [again] = (
        await claimDueMail(orm, { limit: 20, leaseSeconds: 60, workerId: 'test-worker' })
      ).filter((m) => m.to === 'frank@example.test')
      if (!again) throw new Error('the message was not claimed again')
      expect(again.text).toContain('token=t-frank@example.test')
      await markMailFailed(orm, again.id, { error: '550 no such user', retryInSeconds: 0, giveUp: true })
      expect(await entryFor('frank@example.test')).toMatchObject({
        status: 'failed',
        attempts: 2,
        lastError: '550 no such user',
        subject: 'Never arrives',
        kind: 'accounts.activation',
        text: '',
        html: null,
        sentAt: null,
      })
      expect(await storedBodies('frank@example.test')).toEqual([{ text_body: '', html_body: null }])
    })
  })

  describe('a worker that died mid-batch', () => {
    // No worker runs here: the test plays the workers' part with the same functions.
    it('has its claimed e-mails handed back at once, while a live worker keeps its own', async () => {
      const beat = (workerId: string, secondsAgo: number) =>
        orm.em.fork().execute(
          `insert into worker_heartbeat (worker_id, beat_at) values (?, now() - make_interval(secs => ?))
             on conflict (worker_id) do update set beat_at = excluded.beat_at`,
          [workerId, secondsAgo],
        )
      await beat('dead-worker', 300)
      await beat('live-worker', 2)
      await beat('other', 1)
      await enqueue([message('gone@example.test', 'Claimed by the dead')])
      const mine = (claimed: ReadonlyArray<{ readonly to: string }>) =>
        claimed.filter((m) => m.to === 'gone@example.test')
      expect(
        mine(await claimDueMail(orm, { limit: 50, leaseSeconds: 900, workerId: 'dead-worker' })),
      ).toHaveLength(1)
      await enqueue([message('kept@example.test', 'Claimed by the living')])
      const live = await claimDueMail(orm, { limit: 50, leaseSeconds: 900, workerId: 'live-worker' })
      expect(live.filter((m) => m.to === 'kept@example.test')).toHaveLength(1)
      // Leased for 15 minutes: nobody else may send them now.
      expect(mine(await claimDueMail(orm, { limit: 50, leaseSeconds: 900, workerId: 'other' }))).toHaveLength(
        0,
      )

      expect(await releaseOrphanedMail(orm, 30)).toBe(1)
      expect(mine(await claimDueMail(orm, { limit: 50, leaseSeconds: 900, workerId: 'other' }))).toHaveLength(
        1,
      )
      expect(await releaseOrphanedMail(orm, 30)).toBe(0)
      await orm.em
        .fork()
        .execute(`delete from worker_heartbeat where worker_id in ('dead-worker', 'live-worker', 'other')`)
    })
  })

  describe('without SMTP_URL', () => {
    it('keeps the message in the outbox and never sends it', async () => {
      const worker = await startWorker({ databaseUrl: db.url, mailFrom })
      try {
        await enqueue([message('erin@example.test', 'Kept for /dev/outbox')])
        const kept = await eventually(async () => {
          const found = await entryFor('erin@example.test')
          return found?.status === 'kept' ? found : undefined
        })
        expect(kept).toMatchObject({
          subject: 'Kept for /dev/outbox',
          text: 'Open https://kibitz.test/activate?token=t-erin@example.test&lang=pl to activate your account.',
          attempts: 0,
          sentAt: null,
          lastError: null,
        })
        // /dev/outbox shows kept messages, so they keep their bodies (until the hourly purge after 7 days).
        expect(await storedBodies('erin@example.test')).toEqual([
          {
            text_body:
              'Open https://kibitz.test/activate?token=t-erin@example.test&lang=pl to activate your account.',
            html_body:
              '<p><a href="https://kibitz.test/activate?token=t-erin@example.test&amp;lang=pl">Activate</a></p>',
          },
        ])
      } finally {
        await worker.stop()
      }
    })
  })
})
