import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import {
  AccountFailure,
  AccountLimits,
  AccountService,
  type RequestInfo,
  rateLimitLayer,
} from '@kibitz/accounts'
import { accountsLayer } from '@kibitz/infra'
import { Em, RateLimit } from '@kibitz/kernel'
import { useDomainDatabase } from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import { TestClock } from 'effect/testing'

// Sign-in throttling that strangers cannot turn against an account's owner (docs/decisions/028): the two
// attacks of issue 13 (keeping an account locked, and one guest's typos locking out a venue's shared address)
// and the limits that still stop guessing.

const db = useDomainDatabase()
const filesRoot = mkdtempSync(path.join(tmpdir(), 'kibitz-files-'))
const publicUrl = 'http://kibitz.test'

const run = <A, E>(effect: Effect.Effect<A, E, AccountService | Em>) =>
  Effect.suspend(() =>
    effect.pipe(
      Effect.provide(accountsLayer({ publicUrl, adminEmail: 'admin@kibitz.test', social: [], filesRoot })),
      Effect.provideService(Em, db.orm.em.fork()),
    ),
  )

const accounts = AccountService
const password = 'Bridge!2026'
const owner = 'owner@example.test'
const venue = '203.0.113.50'

/** A client at `ip`, with the device cookie `device` when it has one. */
const from = (ip: string, device?: string): RequestInfo => ({
  ip,
  userAgent: 'vitest',
  language: 'en',
  device,
})

const sql = (query: string, params: ReadonlyArray<unknown> = []) =>
  Effect.promise(() => db.orm.em.fork().execute(query, [...params]))

/** An active account with the password above (activated through its e-mailed link). */
const activeUser = (email: string) =>
  Effect.gen(function* () {
    yield* run(
      Effect.flatMap(accounts, (a) =>
        a.register(
          { email, password, firstName: 'Ona', lastName: 'Jonaitė', acceptRules: 'on' },
          from(`198.18.${email.length}.${email.charCodeAt(0)}`),
        ),
      ),
    )
    yield* sql('update app_user set activated_at = now() where email = ?', [email])
  })

/** What one login attempt came to: signed in (with its device token), wrong password, or throttled. */
const attempt = (email: string, request: RequestInfo, pass = password) =>
  run(Effect.flatMap(accounts, (a) => a.login({ email, password: pass }, request))).pipe(
    Effect.map((signedIn) => ({ outcome: 'signedIn' as const, device: signedIn.device })),
    Effect.catch((error) =>
      Effect.succeed(
        error._tag === 'Throttled'
          ? { outcome: 'throttled' as const, retryAfterSeconds: error.retryAfterSeconds }
          : {
              outcome: 'refused' as const,
              code: error instanceof AccountFailure ? error.code : null,
            },
      ),
    ),
  )

/** A stranger typing wrong passwords for `email` from each address, `times` times from each. */
const strangerFails = (email: string, addresses: ReadonlyArray<string>, times: number) =>
  Effect.forEach(
    addresses.flatMap((ip) => Array.from({ length: times }, (_, i) => ({ ip, i }))),
    ({ ip, i }) => attempt(email, from(ip), `Wrong!guess${i}`),
    { concurrency: 4 },
  )

const addresses = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}.${i + 1}`)

/** Every mail the outbox holds, oldest first. */
const MailRow = Schema.Struct({ recipient: Schema.String, kind: Schema.String, text_body: Schema.String })
const mails = () =>
  Effect.map(sql('select recipient, kind, text_body from mail_outbox order by id'), (rows) =>
    Schema.decodeUnknownSync(Schema.Array(MailRow))(rows),
  )

/**
 * The database calls `effect` makes through its EntityManager and the connections it takes from it, each as the
 * method and the entity or SQL text it names (never the values), in order.
 */
const databaseWork = <A, E>(effect: Effect.Effect<A, E, AccountService | Em>) => {
  const calls: Array<string> = []
  const recording = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(on, property) {
        const value: unknown = Reflect.get(on, property)
        if (typeof value !== 'function') return value
        return (...args: Array<unknown>) => {
          const [first] = args
          const names = typeof first === 'function' ? first.name : typeof first === 'string' ? first : ''
          calls.push(`${prefix}${String(property)} ${names}`)
          const result: unknown = value.apply(on, args)
          return property === 'getConnection' && typeof result === 'object' && result !== null
            ? recording(result, 'connection.')
            : result
        }
      },
    })
  return Effect.suspend(() =>
    effect.pipe(
      Effect.provide(accountsLayer({ publicUrl, adminEmail: 'admin@kibitz.test', social: [], filesRoot })),
      Effect.provideService(Em, recording(db.orm.em.fork(), '')),
      Effect.exit,
      Effect.map(() => calls),
    ),
  )
}

describe('login throttling', () => {
  it.effect('a stranger failing from many addresses never locks the owner out of a known device', () =>
    Effect.gen(function* () {
      yield* activeUser(owner)
      const first = yield* attempt(owner, from('192.0.2.10'))
      if (first.outcome !== 'signedIn') throw new Error('the owner could not sign in at all')
      // More failures than the account's limit allows, spread over twenty addresses.
      const results = yield* strangerFails(owner, addresses('198.51.100', 20), 2)
      expect(results.filter((r) => r.outcome === 'refused').length).toBeLessThanOrEqual(
        AccountLimits.failedLoginsPerAccount,
      )
      // A spread-out guesser does stop untrusted clients (that is what the account limit is for) ...
      expect((yield* attempt(owner, from('192.0.2.99'))).outcome).toBe('throttled')
      // ... but the owner's known browser signs in, from home or from any of the stranger's addresses.
      expect((yield* attempt(owner, from('192.0.2.10', first.device))).outcome).toBe('signedIn')
      expect((yield* attempt(owner, from('198.51.100.7', first.device))).outcome).toBe('signedIn')
    }),
  )

  it.effect(
    'the owner signs in from a fresh address with the right password once the stranger is limited',
    () =>
      Effect.gen(function* () {
        yield* activeUser(owner)
        const results = yield* strangerFails(owner, ['198.51.100.1'], 8)
        expect(results.filter((r) => r.outcome === 'refused')).toHaveLength(
          AccountLimits.failedLoginsPerAccountAndAddress,
        )
        const limited = yield* attempt(owner, from('198.51.100.1'), 'Wrong!again')
        expect(limited).toEqual({ outcome: 'throttled', retryAfterSeconds: 15 * 60 })
        expect((yield* attempt(owner, from('192.0.2.20'))).outcome).toBe('signedIn')
      }),
  )

  it.effect('a completed password reset lifts every limit on the account and makes the browser known', () =>
    Effect.gen(function* () {
      yield* activeUser(owner)
      const strangers = addresses('198.51.100', 10)
      yield* strangerFails(owner, strangers, 6)
      expect((yield* attempt(owner, from('192.0.2.30'))).outcome).toBe('throttled')
      expect((yield* attempt(owner, from('198.51.100.3'))).outcome).toBe('throttled')

      yield* run(
        Effect.flatMap(accounts, (a) =>
          Effect.andThen(a.forgotPassword({ email: owner }, from('192.0.2.30')), a.sendRequestedResets(10)),
        ),
      )
      const link = (yield* mails()).find((m) => m.kind === 'accounts.passwordReset')?.text_body ?? ''
      const token = /\/forgot-password\/([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? ''
      const { device } = yield* run(
        Effect.flatMap(accounts, (a) =>
          a.resetPassword(token, { password: 'New!Pass2026' }, from('192.0.2.30')),
        ),
      )

      // Every counter of the account is gone: a fresh address and a stranger's address both sign in.
      expect((yield* attempt(owner, from('192.0.2.31'), 'New!Pass2026')).outcome).toBe('signedIn')
      expect((yield* attempt(owner, from('198.51.100.3'), 'New!Pass2026')).outcome).toBe('signedIn')
      // The browser that reset the password is a known device from now on, however hard strangers try.
      yield* strangerFails(owner, addresses('198.51.101', 10), 6)
      expect((yield* attempt(owner, from('192.0.2.30', device), 'New!Pass2026')).outcome).toBe('signedIn')
    }),
  )

  it.effect('one player’s typos at a venue’s shared address do not lock the organisers behind it out', () =>
    Effect.gen(function* () {
      yield* activeUser(owner)
      yield* activeUser('player@example.test')
      const typos = yield* Effect.forEach(
        Array.from({ length: 9 }, (_, i) => i),
        (i) => attempt('player@example.test', from(venue), `Wrong!typo${i}`),
      )
      expect(typos.at(-1)?.outcome).toBe('throttled')
      // Ten other guests mistype their own passwords twice each behind the same address.
      yield* Effect.forEach(
        Array.from({ length: 10 }, (_, i) => i),
        (i) =>
          Effect.andThen(
            attempt(`guest${i}@example.test`, from(venue), 'Wrong!one'),
            attempt(`guest${i}@example.test`, from(venue), 'Wrong!two'),
          ),
        { concurrency: 4 },
      )
      // The organiser, at the same address and without a device cookie, signs in.
      expect((yield* attempt(owner, from(venue))).outcome).toBe('signedIn')
      // The player gets in too once the window has passed.
      yield* TestClock.adjust('15 minutes')
      expect((yield* attempt('player@example.test', from(venue))).outcome).toBe('signedIn')
    }),
  )

  it.effect('one address guessing across many accounts is stopped by the per-address limit', () =>
    Effect.gen(function* () {
      // As if the address had already failed for all but one of its allowance (a hundred Argon2 checks are slow).
      yield* sql(
        `insert into auth_attempt (scope, key, "at") select 'login-ip', ?, to_timestamp(0) from generate_series(1, ?)`,
        ['198.51.100.66', AccountLimits.failedLoginsPerAddress - 1],
      )
      const guesses = yield* Effect.forEach(['guess@example.test', 'again@example.test'], (email) =>
        attempt(email, from('198.51.100.66'), 'Wrong!guess'),
      )
      expect(guesses.map((g) => g.outcome)).toEqual(['refused', 'throttled'])
      // Another address is not concerned.
      expect((yield* attempt('another@example.test', from('198.51.100.67'), 'Wrong!guess')).outcome).toBe(
        'refused',
      )
      expect(AccountLimits.failedLoginsPerAddress).toBeGreaterThanOrEqual(100)
    }),
  )

  it.effect('of many simultaneous wrong passwords from one address, at most five are checked', () =>
    Effect.gen(function* () {
      yield* activeUser(owner)
      const outcomes = yield* Effect.forEach(
        Array.from({ length: 20 }, (_, i) => i),
        (i) => attempt(owner, from('198.51.100.77'), `Wrong!pass${i}`),
        { concurrency: 'unbounded' },
      )
      expect(outcomes.filter((o) => o.outcome === 'refused').length).toBeLessThanOrEqual(
        AccountLimits.failedLoginsPerAccountAndAddress,
      )
      expect(outcomes.filter((o) => o.outcome === 'throttled').length).toBeGreaterThanOrEqual(15)
    }),
  )

  it.effect('a known device has its own small budget, and names only the accounts that signed in on it', () =>
    Effect.gen(function* () {
      yield* activeUser(owner)
      yield* activeUser('other@example.test')
      const first = yield* attempt(owner, from('192.0.2.40'))
      if (first.outcome !== 'signedIn') throw new Error('the owner could not sign in at all')
      const onDevice = from('192.0.2.40', first.device)
      for (let i = 0; i < AccountLimits.failedLoginsPerDevice; i++) {
        expect((yield* attempt(owner, onDevice, `Wrong!mine${i}`)).outcome).toBe('refused')
      }
      expect((yield* attempt(owner, onDevice)).outcome).toBe('throttled')
      // The device's failures are its own: the account is not limited anywhere else.
      expect((yield* attempt(owner, from('192.0.2.41'))).outcome).toBe('signedIn')

      // The same cookie is no pass for another account: that one is limited as any untrusted client is.
      yield* strangerFails('other@example.test', addresses('198.51.100', 10), 6)
      expect((yield* attempt('other@example.test', from('192.0.2.40', first.device))).outcome).toBe(
        'throttled',
      )
      // Once that account signs in on the browser, the browser keeps its token and knows both accounts.
      yield* TestClock.adjust('16 minutes')
      const second = yield* attempt('other@example.test', from('192.0.2.40', first.device))
      expect(second).toEqual({ outcome: 'signedIn', device: first.device })
    }),
  )

  it.effect(
    'a wrong password costs the same database work for an unknown address as for a real account',
    () =>
      Effect.gen(function* () {
        yield* activeUser(owner)
        yield* activeUser('prober@example.test')
        // The prober's own browser holds a real device cookie; any well-formed token would do.
        const own = yield* attempt('prober@example.test', from('192.0.2.70'))
        if (own.outcome !== 'signedIn') throw new Error('the prober could not sign in at all')
        const wrongPassword = (email: string, request: RequestInfo) =>
          databaseWork(Effect.flatMap(accounts, (a) => a.login({ email, password: 'Wrong!guess' }, request)))
        for (const device of [own.device, 'c'.repeat(43), undefined]) {
          const real = yield* wrongPassword(owner, from('192.0.2.71', device))
          const unknown = yield* wrongPassword('nobody@example.test', from('192.0.2.72', device))
          expect(unknown).toEqual(real)
          // With a cookie the device lookup runs both times, whether the address has an account or not.
          expect(real.filter((call) => call.includes('KnownDevice')).length).toBe(
            device === undefined ? 0 : 1,
          )
        }
      }),
  )

  it.effect('a made-up device cookie counts as none and is replaced by a fresh token', () =>
    Effect.gen(function* () {
      yield* activeUser(owner)
      const forged = 'f'.repeat(43)
      const signedIn = yield* attempt(owner, from('192.0.2.50', forged))
      expect(signedIn.outcome).toBe('signedIn')
      if (signedIn.outcome === 'signedIn') expect(signedIn.device).not.toBe(forged)
      const stored = yield* sql('select token_hash from known_device')
      // Only the token's hash is kept.
      expect(stored).toHaveLength(1)
      expect(JSON.stringify(stored)).not.toContain(signedIn.outcome === 'signedIn' ? signedIn.device : '')
    }),
  )
})

describe('attempt counters', () => {
  it.effect('counting an attempt drops its key’s counters older than a day, and only those', () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.now())
      const scope = 'registration-address'
      const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
      yield* sql('insert into auth_attempt (scope, key, "at") values (?, ?, ?), (?, ?, ?), (?, ?, ?)', [
        scope,
        '192.0.2.91',
        dayAgo(2),
        scope,
        '192.0.2.91',
        dayAgo(0.5),
        scope,
        '192.0.2.92',
        dayAgo(2),
      ])
      yield* RateLimit.use((limit) => limit.take(scope, '192.0.2.91', 30, 15 * 60_000)).pipe(
        Effect.provide(rateLimitLayer),
        Effect.provideService(Em, db.orm.em.fork()),
      )
      const left = Schema.decodeUnknownSync(
        Schema.Array(Schema.Struct({ key: Schema.String, old: Schema.Boolean })),
      )(
        yield* sql(
          `select key, "at" < now() - interval '1 day' as old from auth_attempt where scope = ? order by key, "at"`,
          [scope],
        ),
      )
      expect(left).toEqual([
        { key: '192.0.2.91', old: false },
        { key: '192.0.2.91', old: false },
        { key: '192.0.2.92', old: true },
      ])
    }),
  )
})

describe('forgotPassword', () => {
  const forgot = (email: string, ip: string) =>
    run(Effect.flatMap(accounts, (a) => a.forgotPassword({ email }, from(ip))))
  const sendQueued = () => run(Effect.flatMap(accounts, (a) => a.sendRequestedResets(10)))
  const count = (table: string) =>
    Effect.map(
      sql(`select count(*)::int as n from ${table}`),
      (rows) =>
        Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ n: Schema.Int })))(rows).map((r) => r.n)[0],
    )

  it.effect(
    'does the same database work for a known and an unknown address, and mails only the known one',
    () =>
      Effect.gen(function* () {
        yield* activeUser(owner)
        const writes = () =>
          Effect.all([
            count('password_reset_request'),
            count('auth_attempt'),
            count('auth_token'),
            count('mail_outbox'),
          ])
        const before = yield* writes()
        yield* forgot(owner, '192.0.2.60')
        const afterKnown = yield* writes()
        yield* forgot('stranger@example.test', '192.0.2.61')
        const afterUnknown = yield* writes()
        // Each answer queued one request and counted one attempt, and nothing else: no link, no e-mail yet.
        const grew = (a: ReadonlyArray<number | undefined>, b: ReadonlyArray<number | undefined>) =>
          a.map((n, i) => (n ?? 0) - (b[i] ?? 0))
        expect(grew(afterKnown, before)).toEqual([1, 1, 0, 0])
        expect(grew(afterUnknown, afterKnown)).toEqual([1, 1, 0, 0])

        expect(yield* sendQueued()).toBe(2)
        const resets = () =>
          Effect.map(mails(), (all) =>
            all.filter((m) => m.kind === 'accounts.passwordReset').map((m) => m.recipient),
          )
        expect(yield* resets()).toEqual([owner])
        // The queue is empty afterwards: running the step again mails nothing more.
        expect(yield* sendQueued()).toBe(0)
        expect(yield* resets()).toEqual([owner])
      }),
  )

  it.effect('answers as fast for a known address as for an unknown one', () =>
    Effect.gen(function* () {
      yield* activeUser(owner)
      const timed = (email: string, ip: string) =>
        Effect.gen(function* () {
          const start = performance.now()
          yield* forgot(email, ip)
          return performance.now() - start
        })
      const known: Array<number> = []
      const unknown: Array<number> = []
      // Interleaved, so load from elsewhere on the machine hits both alike; the first rounds warm up.
      for (let i = 0; i < 45; i++) {
        const a = yield* timed(owner, `10.1.${i}.1`)
        const b = yield* timed(`nobody${i}@example.test`, `10.2.${i}.1`)
        if (i >= 5) {
          known.push(a)
          unknown.push(b)
        }
      }
      const median = (xs: ReadonlyArray<number>) =>
        [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0
      // Before the fix a real account took about 2.2 times as long; the bound is generous so load cannot flake it.
      const ratio = median(known) / median(unknown)
      expect(ratio).toBeGreaterThan(1 / 1.5)
      expect(ratio).toBeLessThan(1.5)
    }),
  )

  it.effect(
    'a request that cannot be mailed is dropped and the requests queued after it are still mailed',
    () =>
      Effect.gen(function* () {
        yield* activeUser('broken@example.test')
        yield* activeUser(owner)
        // The outbox refuses every message to one address, as a mail that fails to be written would.
        yield* sql(`create function refuse_broken() returns trigger language plpgsql as $$
        begin
          if new.recipient = 'broken@example.test' then raise exception 'refused for the test'; end if;
          return new;
        end $$`)
        yield* sql(
          'create trigger refuse_broken before insert on mail_outbox for each row execute function refuse_broken()',
        )
        const queued = Effect.gen(function* () {
          // The failing request is the oldest, so it is taken first.
          yield* forgot('broken@example.test', '10.4.0.1')
          yield* forgot(owner, '10.4.0.2')
          expect(yield* sendQueued()).toBe(2)
          const resets = (yield* mails()).filter((m) => m.kind === 'accounts.passwordReset')
          expect(resets.map((m) => m.recipient)).toEqual([owner])
          // The failed request is not retried ahead of later ones, and left no usable link behind.
          expect(yield* count('password_reset_request')).toBe(0)
          const links = yield* sql(
            `select t.id from auth_token t join app_user u on u.id = t.user_id where u.email = 'broken@example.test' and t.purpose = 2`,
          )
          expect(links).toEqual([])
          // The next run mails the next request as usual.
          yield* forgot(owner, '10.4.0.3')
          expect(yield* sendQueued()).toBe(1)
          expect((yield* mails()).filter((m) => m.kind === 'accounts.passwordReset')).toHaveLength(2)
        })
        yield* queued.pipe(
          Effect.ensuring(
            Effect.andThen(
              sql('drop trigger refuse_broken on mail_outbox'),
              sql('drop function refuse_broken()'),
            ),
          ),
        )
      }),
  )

  it.effect('mails at most five links to one address in 15 minutes, however many requests come', () =>
    Effect.gen(function* () {
      yield* activeUser(owner)
      for (let i = 0; i < 8; i++) yield* forgot(owner, `10.3.${i}.1`)
      yield* sendQueued()
      expect((yield* mails()).filter((m) => m.kind === 'accounts.passwordReset')).toHaveLength(
        AccountLimits.resetRequestsPerWindow,
      )
    }),
  )
})
