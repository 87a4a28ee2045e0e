// A production start (issue 14): the built app started the way `npm start` starts it, with NODE_ENV=production and
// no demo seed, on a fresh empty database. Everything an operator needs on the first day must be there: the ISO
// currencies and countries (docs/decisions/030), the super user of ADMIN_EMAIL/ADMIN_PASSWORD accepting an
// organiser, an event with a tournament priced in złoty published, and a visitor registering. Without SMTP_URL the
// e-mails stay in the outbox, and /dev/outbox (route and server function) does not exist in production: the links
// are read from the database, as an operator would.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { Schema } from 'effect'
import pg from 'pg'
import { fromCrossJSON } from 'seroval'
import { generalInformationBody, tournamentBody } from '../test/support/editorBodies.ts'
import { serverFunctionHeaders } from './securitySupport.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const adminEmail = 'operator@kibitz.example'
const adminPassword = 'first-day-in-production'
const organiserEmail = 'sopot.club@example.test'
const password = 'Bridge!2026'
const sessionCookieName = '__Host-kibitz_session'

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/** The e2e run's PostgreSQL server (scripts/e2e.ts), with `database` instead of the run's own database. */
const onServer = (database: string) => {
  const url = new URL(process.env.DATABASE_URL ?? '')
  url.pathname = `/${database}`
  return url.toString()
}

const adminClient = async <A>(run: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: onServer('postgres') })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

interface Reply {
  readonly status: number
  readonly text: string
  readonly session: string | null
}

const Currency = Schema.Struct({ code: Schema.String, symbol: Schema.String, minorUnit: Schema.Int })
const Country = Schema.Struct({ id: Schema.Int, code: Schema.String, name: Schema.String })
const Created = Schema.Struct({ id: Schema.Int, alias: Schema.String })
const SavedTournament = Schema.Struct({
  tournamentId: Schema.Int,
  input: Schema.Struct({ tickets: Schema.Array(Schema.Struct({ ticketId: Schema.Int })) }),
})
const Receipt = Schema.Struct({
  entryId: Schema.Int,
  status: Schema.String,
  paymentMethod: Schema.String,
  totalMinor: Schema.Int,
  currencyCode: Schema.String,
})
const Listing = Schema.Struct({
  totalEventsCount: Schema.Int,
  events: Schema.Array(Schema.Struct({ id: Schema.Int, shortAddresses: Schema.Array(Schema.String) })),
})

test.describe('a production start on an empty database', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })

  const database = `kibitz_production_${Date.now().toString(36)}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kibitz-production-'))
  let app: ChildProcess | undefined
  let output = ''
  let base = ''

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    await adminClient((client) => client.query(`create database "${database}"`))
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    app = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        NODE_ENV: 'production',
        KIBITZ_SKIP_BUILD: '1',
        DATABASE_URL: onServer(database),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
      },
    })
    app.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    app.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    // Ready: migrated, reference data synced, the worker beating (the readiness check of decision 006).
    await expect
      .poll(
        async () => {
          if (app?.exitCode !== null) return `exited: ${output}`
          return fetch(`${base}/readyz`).then(
            (r) => r.status,
            () => 0,
          )
        },
        { timeout: 90_000, intervals: [500], message: 'the production start becomes ready' },
      )
      .toBe(200)
  })

  test.afterAll(async () => {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app?.once('exit', resolve))
      app.kill('SIGTERM')
      await exited
    }
    await adminClient((client) => client.query(`drop database if exists "${database}" with (force)`))
    rmSync(dataDir, { recursive: true, force: true })
  })

  const call = async (
    method: string,
    target: string,
    options: { session?: string | null; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply> => {
    const headers = new Headers(options.headers)
    if (options.session) headers.set('cookie', `${sessionCookieName}=${options.session}`)
    if (options.json !== undefined) headers.set('content-type', 'application/json')
    const response = await fetch(new URL(target, base), {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      redirect: 'manual',
    })
    const session =
      response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0] ?? '')
        .find((pair) => pair.startsWith(`${sessionCookieName}=`))
        ?.slice(sessionCookieName.length + 1) ?? null
    return { status: response.status, text: await response.text(), session }
  }

  const json = <A>(reply: Reply, schema: Schema.Codec<A, unknown>, what: string): A => {
    expect(reply.status, `${what}: ${reply.text.slice(0, 400)}`).toBeLessThan(300)
    return Schema.decodeUnknownSync(schema)(JSON.parse(reply.text))
  }

  /** The path of the first link like `link` in the latest e-mail to `to`, read from the outbox table. */
  const mailedLink = async (to: string, link: RegExp): Promise<string> => {
    let found: string | undefined
    await expect
      .poll(
        async () => {
          const client = new pg.Client({ connectionString: onServer(database) })
          await client.connect()
          try {
            const { rows } = await client.query<{ text_body: string }>(
              'select text_body from mail_outbox where recipient = $1 order by id desc',
              [to],
            )
            found = rows.flatMap((r) => r.text_body.match(/https?:\/\/\S+/g) ?? []).find((l) => link.test(l))
            return found ?? null
          } finally {
            await client.end()
          }
        },
        { timeout: 20_000, message: `an e-mail to ${to} with a link like ${link}` },
      )
      .not.toBeNull()
    return new URL(found ?? '').pathname
  }

  test('lists the ISO currencies and countries, and an operator runs the first event to a registration', async () => {
    expect(output).not.toContain('seeded demo data')

    // Reference data, synced at start: every ISO 4217 currency with its minor unit, the four popular first.
    const currencies = json(await call('GET', '/api/v1/currency/'), Schema.Array(Currency), 'currencies')
    expect(currencies.length).toBeGreaterThan(150)
    const byCode = new Map(currencies.map((c) => [c.code, c]))
    expect(byCode.get('PLN')).toEqual({ code: 'PLN', symbol: 'zł', minorUnit: 2 })
    expect(byCode.get('JPY')?.minorUnit).toBe(0)
    expect(byCode.get('KWD')?.minorUnit).toBe(3)
    const popular = json(await call('GET', '/api/v1/currency/?popular=1'), Schema.Array(Currency), 'popular')
    expect(popular.map((c) => c.code)).toEqual(['EUR', 'GBP', 'PLN', 'USD'])
    // Every ISO 3166-1 country, named in the language asked for.
    const english = json(await call('GET', '/api/v1/country/'), Schema.Array(Country), 'countries')
    expect(english).toHaveLength(250)
    expect(english.find((c) => c.code === 'PL')?.name).toBe('Poland')
    const polish = json(
      await call('GET', '/api/v1/country/', { headers: { 'accept-language': 'pl' } }),
      Schema.Array(Country),
      'countries in Polish',
    )
    expect(polish.find((c) => c.code === 'PL')?.name).toBe('Polska')
    expect(polish.find((c) => c.code === 'DE')?.name).toBe('Niemcy')

    // The developer's outbox does not exist in production: neither the page nor its server function.
    expect((await call('GET', '/dev/outbox')).status).toBe(404)
    const outbox = await call(
      'GET',
      '/_serverFn/server.outbox.functions.ts--fetchOutbox_createServerFn_handler',
      {
        headers: serverFunctionHeaders,
      },
    )
    expect(outbox.status).toBe(200)
    expect(fromCrossJSON(JSON.parse(outbox.text), { refs: new Map() })).toMatchObject({ result: null })

    // An organiser signs up, activates the account and applies; the super user of ADMIN_EMAIL accepts.
    const signedUp = await call('POST', '/api/v1/user/register', {
      json: {
        user: { email: organiserEmail, password, firstName: 'Zofia', lastName: 'Nowak', acceptRules: true },
      },
    })
    expect(signedUp.status, signedUp.text).toBeLessThan(300)
    expect((await call('GET', await mailedLink(organiserEmail, /\/activate-user\//))).status).toBe(200)
    const login = await call('POST', '/api/v1/user/login', { json: { email: organiserEmail, password } })
    expect(login.status, login.text).toBe(200)
    const applied = await call('POST', '/api/v1/user/register-organizer', {
      session: login.session,
      json: {
        user: {
          kind: 'company',
          companyName: 'Sopocki Klub Brydżowy',
          companyCode: '5851234567',
          countryCode: 'PL',
          phone: '+48581234567',
        },
      },
    })
    expect(applied.status, applied.text).toBe(200)
    const accept = await mailedLink(adminEmail, /\/register-organizer\/status\/3\//)
    // The decision page names the applicant's country in the reader's language.
    const decision = await call('GET', accept, { headers: { 'accept-language': 'pl' } })
    expect(decision.status).toBe(200)
    expect(decision.text).toMatch(/<dd[^>]*>Polska<\/dd>/)
    const token = accept.split('/').at(-1) ?? ''
    const accepted = await call('GET', `/api/v1/user/organizer/${token}/3`)
    expect(accepted.status, accepted.text).toBe(200)
    // The super user can log in with the operator's password.
    expect(
      (await call('POST', '/api/v1/user/login', { json: { email: adminEmail, password: adminPassword } }))
        .status,
    ).toBe(200)

    // The organiser creates an event in Poland with a pairs tournament priced in złoty, and publishes it.
    const organiser = await call('POST', '/api/v1/user/login', { json: { email: organiserEmail, password } })
    const year = new Date().getUTCFullYear() + 1
    const event = json(
      await call('POST', '/api/v1/event', {
        session: organiser.session,
        json: {
          generalInformation: generalInformationBody({
            contents: [
              {
                language: 'pl',
                name: 'Festiwal Brydżowy Sopot',
                description: 'Pary i teamy',
                isMain: true,
                type: 1,
              },
            ],
            editionYear: year,
            dateStart: `${year}-07-01`,
            dateEnd: `${year}-07-05`,
            countryCode: 'PL',
            languages: ['pl', 'en'],
            currencyCode: 'PLN',
            timeZone: 'Europe/Warsaw',
            organiserEmail,
            locations: [
              {
                name: 'Hotel Sheraton',
                addressLine: 'Powstańców Warszawy 10, Sopot',
                shortAddressLine: 'Sopot',
                isMain: true,
                countryCode: 'PL',
              },
            ],
          }),
        },
      }),
      Created,
      'the new event',
    )
    const tournament = json(
      await call('POST', `/api/v1/event/${event.id}/tournaments`, {
        session: organiser.session,
        json: tournamentBody({
          name: 'Otwarte Pary',
          startDate: `${year}-07-02`,
          endDate: `${year}-07-02`,
          registrationStart: '2020-01-01T09:00',
          registrationEnd: `${year}-07-01T20:00`,
          tickets: [
            {
              type: 1,
              priceMinor: 12_000,
              quantity: 80,
              isForSale: true,
              isPricePerTeam: false,
              ageCategories: [],
            },
          ],
        }),
      }),
      SavedTournament,
      'the tournament',
    )
    const published = await call('PUT', `/api/v1/event/${event.id}/publish`, { session: organiser.session })
    expect(published.status, published.text).toBe(200)

    // Visitors find it by the country's name in any content language.
    for (const name of ['Polska', 'Pologne', 'Польша']) {
      const found = json(
        await call('GET', `/api/v1/event/search-future-events?nameOrLocation=${encodeURIComponent(name)}`),
        Listing,
        `search for ${name}`,
      )
      expect(found.events.map((e) => e.id)).toEqual([event.id])
    }

    // A visitor registers a pair without an account; the price is the tournament's, in złoty.
    const ticketId = tournament.input.tickets[0]?.ticketId ?? 0
    const pair = [1, 2].map((n) => ({
      firstName: 'Jan',
      lastName: `Kowalski${n}`,
      countryCode: 'PL',
      email: `jan${n}@example.test`,
      federationId: '',
      ticketId,
      ageCategoryId: null,
    }))
    const registered = await call('POST', `/api/v1/tournament/${tournament.tournamentId}/register`, {
      json: {
        data: { contestants: pair, teamName: '', contactEmail: 'jan1@example.test' },
        ticket: { expectedTotalMinor: 24_000, paymentMethod: 'bankTransfer' },
        policy: true,
      },
    })
    expect(registered.status, registered.text).toBe(201)
    const receipt = Schema.decodeUnknownSync(Receipt)(JSON.parse(registered.text))
    expect(receipt).toMatchObject({ totalMinor: 24_000, currencyCode: 'PLN' })
  })

  // A visitor who closes the tab while a page renders aborts the request. Start logged every such abort as an
  // unhandled error with its stack (app/src/server.ts answers it quietly now); an operator's log is for faults.
  test('a visitor leaving mid-request is not logged as an error, and the site goes on', async () => {
    const before = output.length
    const leave = (address: string) =>
      new Promise<void>((resolve) => {
        const socket = connect(Number(new URL(base).port), '127.0.0.1', () => {
          socket.write(`GET ${address} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n\r\n`)
          setTimeout(() => socket.destroy(), 1)
        })
        socket.on('close', () => resolve())
        socket.on('error', () => resolve())
      })
    for (let round = 0; round < 5; round++) {
      await Promise.all(['/', '/search-filter', '/hotels', '/privacy-policy'].map(leave))
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect((await fetch(`${base}/`)).status).toBe(200)
    const logged = output.slice(before)
    expect(logged).not.toContain('aborted')
    expect(logged).not.toContain('ECONNRESET')
  })
})
