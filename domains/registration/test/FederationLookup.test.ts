import { describe, expect, it } from '@effect/vitest'
import { Effect, Option } from 'effect'
import { afterEach, beforeEach } from 'vitest'
import {
  type FederationHttpConfig,
  FederationLookup,
  FederationMember,
  FederationUnavailable,
} from '../src/federation/FederationLookup.ts'
import {
  startFederationServer,
  type TestFederationMember,
  type TestFederationServer,
} from './support/federationServer.ts'

const apiKey = 'fed-key-7c1e'

const members: ReadonlyArray<TestFederationMember> = [
  { federationId: 'LT-1024', firstName: 'Šarūnas', lastName: 'Jasiūnas', countryCode: 'LT', active: true },
  { federationId: 'LT-2048', firstName: 'Jonas', lastName: 'Petraitis', countryCode: 'LT', active: false },
  { federationId: 'PL/77.5', firstName: 'Anna-Maria', lastName: 'Kowalska', countryCode: 'PL', active: true },
  { federationId: 'PL-9', firstName: 'Łukasz', lastName: 'Nowak', countryCode: 'PL', active: true },
  { federationId: 'PL-10', firstName: 'Ewa', lastName: 'Nowak', countryCode: 'PL', active: true },
  { federationId: 'PL-11', firstName: 'Piotr', lastName: 'Nowak', countryCode: 'PL', active: true },
  { federationId: 'FR-1', firstName: 'Jean Pierre', lastName: 'Lefèvre', countryCode: null, active: true },
]

let gateway: TestFederationServer
let direct: TestFederationServer
const extra: Array<TestFederationServer> = []
beforeEach(async () => {
  gateway = await startFederationServer({ members, apiKey })
  direct = await startFederationServer({ members, apiKey })
})
afterEach(async () => {
  await Promise.all([gateway, direct, ...extra.splice(0)].map((server) => server.close()))
})

/** Another server, closed after the test. */
const another = (options: Parameters<typeof startFederationServer>[0]) =>
  Effect.promise(async () => {
    const server = await startFederationServer(options)
    extra.push(server)
    return server
  })

/** A URL nothing listens on: a server's, once closed. */
const deadUrl = Effect.promise(async () => {
  const server = await startFederationServer({ members })
  await server.close()
  return server.url
})

const withHttp = <A, E>(
  effect: Effect.Effect<A, E, FederationLookup>,
  config: Partial<FederationHttpConfig> = {},
) =>
  Effect.provide(
    effect,
    FederationLookup.http({
      gatewayUrl: gateway.url,
      directUrl: direct.url,
      apiKey,
      timeoutMs: 300,
      ...config,
    }),
  )

const member = (id: string, config?: Partial<FederationHttpConfig>) =>
  withHttp(
    FederationLookup.use((f) => f.member(id)),
    config,
  )
const verify = (id: string, firstName: string, lastName: string, config?: Partial<FederationHttpConfig>) =>
  withHttp(
    FederationLookup.use((f) => f.verify(id, firstName, lastName)),
    config,
  )
const search = (query: string, limit: number, config?: Partial<FederationHttpConfig>) =>
  withHttp(
    FederationLookup.use((f) => f.search(query, limit)),
    config,
  )

const lastNames = (found: ReadonlyArray<FederationMember>) => found.map((m) => m.lastName)

describe('FederationLookup.http', () => {
  describe('member', () => {
    it.live('returns the member the gateway answers with, decoded into a FederationMember', () =>
      Effect.gen(function* () {
        const found = yield* member('LT-1024')
        expect(found).toEqual(
          Option.some(
            new FederationMember({
              federationId: 'LT-1024',
              firstName: 'Šarūnas',
              lastName: 'Jasiūnas',
              countryCode: 'LT',
              active: true,
            }),
          ),
        )
        expect(Option.getOrThrow(found)).toBeInstanceOf(FederationMember)
        expect(gateway.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/member/LT-1024']])
        expect(direct.requests).toHaveLength(0)
      }),
    )

    it.live('returns none for an id the federation does not know, without asking the direct service', () =>
      Effect.gen(function* () {
        expect(yield* member('LT-9999')).toEqual(Option.none())
        expect(gateway.requests.map((r) => r.path)).toEqual(['/member/LT-9999'])
        // A 404 is the gateway's answer, not its failure.
        expect(direct.requests).toHaveLength(0)
      }),
    )

    it.live('trims the id and sends a slash inside it encoded, as one path segment', () =>
      Effect.gen(function* () {
        expect(Option.map(yield* member('  PL/77.5 '), (m) => m.lastName)).toEqual(Option.some('Kowalska'))
        expect(gateway.requests.map((r) => r.path)).toEqual(['/member/PL%2F77.5'])
      }),
    )

    it.live('returns none without any call for ids that cannot be federation ids', () =>
      Effect.gen(function* () {
        for (const id of [
          '',
          '   ',
          'LT 1024',
          'LT-1024?x=1',
          'LT#1',
          '..',
          '.',
          'Šarūnas',
          'A'.repeat(41),
        ]) {
          expect(yield* member(id)).toEqual(Option.none())
        }
        // 40 characters is still an id.
        expect(yield* member('A'.repeat(40))).toEqual(Option.none())
        expect(gateway.requests.map((r) => r.path)).toEqual([`/member/${'A'.repeat(40)}`])
        expect(direct.requests).toHaveLength(0)
      }),
    )

    it.live('sends the API key in X-Api-Key to the gateway and to the direct service', () =>
      Effect.gen(function* () {
        gateway.setFailure(500)
        yield* member('LT-1024')
        expect(gateway.requests.map((r) => r.apiKey)).toEqual([apiKey])
        expect(direct.requests.map((r) => r.apiKey)).toEqual([apiKey])
      }),
    )

    it.live('sends no X-Api-Key without a key; a service that wants one refuses, and that is a failure', () =>
      Effect.gen(function* () {
        const error = yield* member('LT-1024', { apiKey: null }).pipe(Effect.flip)
        expect(error).toBeInstanceOf(FederationUnavailable)
        expect(error.message).toBe(
          `gateway ${gateway.url}/member/LT-1024: answered 401; direct ${direct.url}/member/LT-1024: answered 401`,
        )
        expect([...gateway.requests, ...direct.requests].map((r) => r.apiKey)).toEqual([null, null])
      }),
    )

    it.live('falls back to the direct service when the gateway answers 500', () =>
      Effect.gen(function* () {
        gateway.setFailure(500)
        expect(Option.map(yield* member('LT-1024'), (m) => m.firstName)).toEqual(Option.some('Šarūnas'))
        expect(gateway.requests).toHaveLength(1)
        expect(direct.requests.map((r) => r.path)).toEqual(['/member/LT-1024'])
      }),
    )

    it.live('falls back to the direct service when the gateway does not answer within the timeout', () =>
      Effect.gen(function* () {
        gateway.setFailure('hang')
        const started = Date.now()
        const found = yield* member('LT-1024', { timeoutMs: 250 })
        const elapsed = Date.now() - started
        expect(Option.map(found, (m) => m.federationId)).toEqual(Option.some('LT-1024'))
        expect(elapsed).toBeGreaterThanOrEqual(240)
        expect(elapsed).toBeLessThan(2000)
        expect(gateway.requests).toHaveLength(1)
        expect(direct.requests).toHaveLength(1)
      }),
    )

    it.live('falls back to the direct service when nothing listens at the gateway', () =>
      Effect.gen(function* () {
        const found = yield* member('LT-1024', { gatewayUrl: yield* deadUrl })
        expect(Option.map(found, (m) => m.federationId)).toEqual(Option.some('LT-1024'))
        expect(direct.requests).toHaveLength(1)
      }),
    )

    it.live(
      'falls back to the direct service when the gateway refuses the call (a misconfigured gateway)',
      () =>
        Effect.gen(function* () {
          const misconfigured = yield* another({ members, apiKey: 'another-key' })
          const found = yield* member('LT-1024', { gatewayUrl: misconfigured.url })
          expect(Option.map(found, (m) => m.federationId)).toEqual(Option.some('LT-1024'))
          expect(misconfigured.requests).toHaveLength(1)
          expect(direct.requests).toHaveLength(1)
        }),
    )

    it.live('falls back to the direct service when the gateway answers with malformed JSON', () =>
      Effect.gen(function* () {
        gateway.setFailure('malformedJson')
        expect(Option.isSome(yield* member('LT-1024'))).toBe(true)
        expect(direct.requests).toHaveLength(1)
      }),
    )

    it.live('calls only the direct service when no gateway is configured', () =>
      Effect.gen(function* () {
        expect(Option.isSome(yield* member('FR-1', { gatewayUrl: null }))).toBe(true)
        expect(gateway.requests).toHaveLength(0)
        expect(direct.requests.map((r) => r.path)).toEqual(['/member/FR-1'])
      }),
    )

    it.live('accepts base URLs with a trailing slash', () =>
      Effect.gen(function* () {
        gateway.setFailure(500)
        const found = yield* member('FR-1', { gatewayUrl: `${gateway.url}/`, directUrl: `${direct.url}/` })
        expect(Option.map(found, (m) => m.countryCode)).toEqual(Option.some(null))
        expect(gateway.requests.map((r) => r.path)).toEqual(['/member/FR-1'])
        expect(direct.requests.map((r) => r.path)).toEqual(['/member/FR-1'])
      }),
    )

    it.live(
      'fails with FederationUnavailable naming both failures when gateway and direct service are down',
      () =>
        Effect.gen(function* () {
          gateway.setFailure(500)
          direct.setFailure('hang')
          const error = yield* member('LT-1024').pipe(Effect.flip)
          expect(error).toBeInstanceOf(FederationUnavailable)
          expect(error.message).toBe(
            `gateway ${gateway.url}/member/LT-1024: answered 500; direct ${direct.url}/member/LT-1024: no answer in 300 ms`,
          )
        }),
    )

    it.live('fails with FederationUnavailable when the only service is unreachable', () =>
      Effect.gen(function* () {
        const url = yield* deadUrl
        const error = yield* member('LT-1024', { gatewayUrl: null, directUrl: url }).pipe(Effect.flip)
        expect(error._tag).toBe('FederationUnavailable')
        expect(error.message).toContain(`direct ${url}/member/LT-1024: fetch failed`)
      }),
    )

    it.live('fails with FederationUnavailable when the answer is not JSON', () =>
      Effect.gen(function* () {
        direct.setFailure('malformedJson')
        const error = yield* member('LT-1024', { gatewayUrl: null }).pipe(Effect.flip)
        expect(error._tag).toBe('FederationUnavailable')
        expect(error.message).toContain(`direct ${direct.url}/member/LT-1024: malformed answer`)
      }),
    )

    it.live('fails with FederationUnavailable when the JSON is not a member', () =>
      Effect.gen(function* () {
        gateway.setFailure('wrongShape')
        direct.setFailure('wrongShape')
        const error = yield* member('LT-1024').pipe(Effect.flip)
        expect(error._tag).toBe('FederationUnavailable')
        expect(error.message).toContain(`gateway ${gateway.url}/member/LT-1024: malformed answer`)
        expect(error.message).toContain(`direct ${direct.url}/member/LT-1024: malformed answer`)
      }),
    )
  })

  describe('verify', () => {
    it.live('is verified for an active member with the same name', () =>
      Effect.gen(function* () {
        expect(yield* verify('LT-1024', 'Šarūnas', 'Jasiūnas')).toBe('verified')
      }),
    )

    it.live('ignores accents, case and extra whitespace', () =>
      Effect.gen(function* () {
        expect(yield* verify('LT-1024', 'sarunas', 'JASIUNAS')).toBe('verified')
        expect(yield* verify('LT-1024', '  ŠARŪNAS ', ' jasiūnas\t')).toBe('verified')
        expect(yield* verify('FR-1', 'Jean  Pierre', 'LEFEVRE')).toBe('verified')
        // ł does not decompose into l + a mark, yet people type it as l.
        expect(yield* verify('PL-9', 'Lukasz', 'Nowak')).toBe('verified')
      }),
    )

    it.live('accepts the names in either order', () =>
      Effect.gen(function* () {
        expect(yield* verify('LT-1024', 'Jasiūnas', 'Šarūnas')).toBe('verified')
        expect(yield* verify('PL/77.5', 'Kowalska', 'Anna-Maria')).toBe('verified')
      }),
    )

    it.live('treats a hyphen and a space alike', () =>
      Effect.gen(function* () {
        expect(yield* verify('PL/77.5', 'Anna Maria', 'Kowalska')).toBe('verified')
        expect(yield* verify('FR-1', 'Jean-Pierre', 'Lefèvre')).toBe('verified')
      }),
    )

    it.live('is a name mismatch when the name is not the member’s, or only part of it', () =>
      Effect.gen(function* () {
        expect(yield* verify('LT-1024', 'Jonas', 'Jasiūnas')).toBe('nameMismatch')
        expect(yield* verify('PL/77.5', 'Anna', 'Kowalska')).toBe('nameMismatch')
        expect(yield* verify('PL-9', 'Łukasz', 'Nowakowski')).toBe('nameMismatch')
        expect(yield* verify('LT-1024', '', '')).toBe('nameMismatch')
      }),
    )

    it.live('is inactive for an inactive member with the same name, a mismatch with another name', () =>
      Effect.gen(function* () {
        expect(yield* verify('LT-2048', 'jonas', 'petraitis')).toBe('inactive')
        expect(yield* verify('LT-2048', 'Petras', 'Petraitis')).toBe('nameMismatch')
      }),
    )

    it.live('is not found for an unknown id, and for an id that cannot be one (without a call)', () =>
      Effect.gen(function* () {
        expect(yield* verify('LT-9999', 'Šarūnas', 'Jasiūnas')).toBe('notFound')
        expect(yield* verify('LT 1024', 'Šarūnas', 'Jasiūnas')).toBe('notFound')
        expect(gateway.requests.map((r) => r.path)).toEqual(['/member/LT-9999'])
      }),
    )

    it.live(
      'fails with FederationUnavailable when the service is down, so the caller stores it unverified',
      () =>
        Effect.gen(function* () {
          gateway.setFailure(500)
          direct.setFailure(500)
          const error = yield* verify('LT-1024', 'Šarūnas', 'Jasiūnas').pipe(Effect.flip)
          expect(error._tag).toBe('FederationUnavailable')
        }),
    )
  })

  describe('search', () => {
    it.live('returns at most `limit` members for the query', () =>
      Effect.gen(function* () {
        const found = yield* search('nowak', 2)
        expect(found).toHaveLength(2)
        expect(lastNames(found)).toEqual(['Nowak', 'Nowak'])
        expect(found.every((m) => m instanceof FederationMember)).toBe(true)
        expect(gateway.requests.map((r) => r.path)).toEqual(['/member/search?query=nowak&limit=2'])
        expect(lastNames(yield* search('nowak', 10))).toEqual(['Nowak', 'Nowak', 'Nowak'])
      }),
    )

    it.live('cuts the answer to `limit` members when the service sends more', () =>
      Effect.gen(function* () {
        const careless = yield* another({ members, apiKey, ignoreLimit: true })
        const found = yield* search('nowak', 2, { gatewayUrl: null, directUrl: careless.url })
        expect(found.map((m) => m.federationId)).toEqual(['PL-9', 'PL-10'])
      }),
    )

    it.live('sends the query percent-encoded, so the service receives it exactly', () =>
      Effect.gen(function* () {
        expect(yield* search('Kowalski & Co/1', 5)).toEqual([])
        expect(gateway.requests.map((r) => [r.path, r.query])).toEqual([
          ['/member/search?query=Kowalski%20%26%20Co%2F1&limit=5', 'Kowalski & Co/1'],
        ])
        yield* search(' Šarūnas?#x ', 5)
        expect(gateway.requests[1]?.query).toBe('Šarūnas?#x')
      }),
    )

    it.live('returns nothing without a call for a blank query or a limit below 1', () =>
      Effect.gen(function* () {
        expect(yield* search('', 5)).toEqual([])
        expect(yield* search('  \t ', 5)).toEqual([])
        expect(yield* search('nowak', 0)).toEqual([])
        expect(yield* search('nowak', Number.NaN)).toEqual([])
        expect([...gateway.requests, ...direct.requests]).toHaveLength(0)
      }),
    )

    it.live('asks for no more than 50 members', () =>
      Effect.gen(function* () {
        yield* search('nowak', 500)
        expect(gateway.requests.map((r) => r.path)).toEqual(['/member/search?query=nowak&limit=50'])
      }),
    )

    it.live('falls back to the direct service when the gateway fails', () =>
      Effect.gen(function* () {
        gateway.setFailure(500)
        expect(lastNames(yield* search('kowalska', 5))).toEqual(['Kowalska'])
        expect(direct.requests.map((r) => r.query)).toEqual(['kowalska'])
      }),
    )

    it.live('fails with FederationUnavailable on a malformed answer, without the query in the message', () =>
      Effect.gen(function* () {
        gateway.setFailure('malformedJson')
        direct.setFailure('wrongShape')
        const error = yield* search('Kowalska', 5).pipe(Effect.flip)
        expect(error._tag).toBe('FederationUnavailable')
        expect(error.message).toContain(`direct ${direct.url}/member/search: malformed answer`)
        expect(error.message).not.toContain('Kowalska')
      }),
    )
  })
})

describe('FederationLookup.disabled', () => {
  it.effect('is not enabled and fails every call with FederationUnavailable', () =>
    Effect.gen(function* () {
      const federation = yield* FederationLookup
      expect(federation.enabled).toBe(false)
      const expected = new FederationUnavailable({ message: 'not configured' })
      expect(yield* Effect.flip(federation.member('LT-1024'))).toEqual(expected)
      expect(yield* Effect.flip(federation.verify('LT-1024', 'Šarūnas', 'Jasiūnas'))).toEqual(expected)
      expect(yield* Effect.flip(federation.search('nowak', 5))).toEqual(expected)
    }).pipe(Effect.provide(FederationLookup.disabled)),
  )

  it.live('the http adapter is enabled', () =>
    withHttp(
      Effect.gen(function* () {
        expect((yield* FederationLookup).enabled).toBe(true)
      }),
    ),
  )
})
