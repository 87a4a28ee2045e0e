import '../../testing/src/context.ts'
import { openOrm } from '@kibitz/infra'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { outboxData } from '../src/server/outbox.functions.ts'
import { disposeRuntime } from '../src/server/runtime.server.ts'

// The gate of /dev/outbox: the server side of its only server function, with the environment a real
// server would have. The page shows live links, so it must not exist wherever e-mail really goes out.

let db: { url: string; drop: () => Promise<void> }
const saved = { NODE_ENV: process.env.NODE_ENV, SMTP_URL: process.env.SMTP_URL }

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  // The web runtime reads DATABASE_URL on first use, as it does behind the launcher.
  process.env.DATABASE_URL = db.url
  const orm = await openOrm(db.url, { poolMax: 1 })
  try {
    // One message kept without an SMTP server, and one whose bodies were emptied when it was sent.
    await orm.em.fork().execute(
      `insert into mail_outbox (recipient, subject, text_body, html_body, kind, language, status, sent_at)
       values ('kept@example.test', 'Reset your password', 'Open https://kibitz.test/reset/abc to reset it.',
               '<p><a href="https://kibitz.test/reset/abc?x=1&amp;y=2">Reset</a></p>', 'accounts.reset', 'en', 4, null),
              ('sent@example.test', 'Activate your account', '', null, 'accounts.activation', 'pl', 2, now())`,
    )
  } finally {
    await orm.close(true)
  }
})

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

afterAll(async () => {
  await disposeRuntime()
  await db?.drop()
})

describe('outboxData', () => {
  it('lists the messages with their links on a development server without SMTP_URL', async () => {
    process.env.NODE_ENV = 'development'
    delete process.env.SMTP_URL
    expect(await outboxData()).toMatchObject([
      {
        to: 'sent@example.test',
        status: 'sent',
        text: '',
        html: null,
        links: [],
      },
      {
        to: 'kept@example.test',
        status: 'kept',
        text: 'Open https://kibitz.test/reset/abc to reset it.',
        links: ['https://kibitz.test/reset/abc', 'https://kibitz.test/reset/abc?x=1&y=2'],
      },
    ])
  })

  it('treats a blank SMTP_URL as unset, as the launcher does', async () => {
    process.env.NODE_ENV = 'development'
    process.env.SMTP_URL = '  '
    expect(await outboxData()).toHaveLength(2)
  })

  it('does not exist where an SMTP server sends the e-mails, e.g. on a staging server', async () => {
    process.env.NODE_ENV = 'development'
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525'
    expect(await outboxData()).toBeNull()
  })

  it('does not exist in production, even without an SMTP server', async () => {
    process.env.NODE_ENV = 'production'
    delete process.env.SMTP_URL
    expect(await outboxData()).toBeNull()
  })
})
