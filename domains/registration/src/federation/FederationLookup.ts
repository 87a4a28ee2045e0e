import { Context, Effect, Layer, Option, Schema } from 'effect'

// The national bridge federation's member service lies outside this machine, so it sits behind this port.
// The HTTP adapter asks a gateway first and the service directly when the gateway fails
// (docs/decisions/019-federation-lookup.md). A failure never refuses a registration: the caller stores the
// contestant as unverified.

/** A member of the federation, as its member service knows them. */
export class FederationMember extends Schema.Class<FederationMember>('@kibitz/registration/FederationMember')(
  {
    federationId: Schema.String,
    firstName: Schema.String,
    lastName: Schema.String,
    countryCode: Schema.NullOr(Schema.String),
    active: Schema.Boolean,
  },
) {}

/** The member service could not answer (not configured, down, too slow, or answering nonsense); `message` is for the log. */
export class FederationUnavailable extends Schema.TaggedError<FederationUnavailable>()(
  'FederationUnavailable',
  {
    message: Schema.String,
  },
) {}

/** What the federation says about a contestant's id and name. */
export type Verification = 'verified' | 'notFound' | 'nameMismatch' | 'inactive'

/** Where the member service is; `gatewayUrl` is tried first when set, `directUrl` when the gateway fails. */
export interface FederationHttpConfig {
  readonly gatewayUrl: string | null
  readonly directUrl: string
  readonly apiKey: string | null
  /** How long one attempt (gateway or direct) may take; default 3000. */
  readonly timeoutMs?: number
}

/** The most members one search asks for; a larger limit is lowered to this. */
export const maxFederationSearchLimit = 50

const defaultTimeoutMs = 3000

// The wire format of the member service (docs/decisions/019-federation-lookup.md).
const WireMember = Schema.Struct({
  id: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  country: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
})
type WireMember = typeof WireMember.Type
const decodeMember = Schema.decodeUnknownEffect(Schema.fromJsonString(WireMember))
const decodeSearch = Schema.decodeUnknownEffect(
  Schema.fromJsonString(Schema.Struct({ members: Schema.Array(WireMember) })),
)

const toMember = (wire: WireMember) =>
  new FederationMember({
    federationId: wire.id,
    firstName: wire.firstName,
    lastName: wire.lastName,
    countryCode: wire.country,
    active: wire.active,
  })

/**
 * The id as the service knows it (trimmed; 1 to 40 letters, digits, '-', '/' or '.'), or none when it cannot be
 * a federation id, so it is never sent. It needs a letter or digit: an id of dots only ("..") would be a dot
 * segment of the URL path, which fetch resolves away, even percent-encoded.
 */
export const normaliseFederationId = (id: string): Option.Option<string> => {
  const trimmed = id.trim()
  return /^[A-Za-z0-9\-/.]{1,40}$/.test(trimmed) && /[A-Za-z0-9]/.test(trimmed)
    ? Option.some(trimmed)
    : Option.none()
}

// Letters NFD does not split into a base letter and a mark.
const unsplitLetters: Readonly<Record<string, string>> = {
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
}

/** A name for comparison: no case, no accents, hyphens and dashes as spaces, single spaces. */
const comparableName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łđðøıßæœþ]/g, (letter) => unsplitLetters[letter] ?? letter)
    .replace(/[-‐‑‒–—_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** Whether the given names are the member's, in either order (the whole name is compared, so a split differing between first and last name still matches). */
const sameName = (member: FederationMember, firstName: string, lastName: string): boolean => {
  const given = comparableName(`${firstName} ${lastName}`)
  return (
    given !== '' &&
    (given === comparableName(`${member.firstName} ${member.lastName}`) ||
      given === comparableName(`${member.lastName} ${member.firstName}`))
  )
}

/** The verdict on a contestant: an unknown id, then a name that is not the member's, then an inactive member. */
const verdictOf = (
  member: Option.Option<FederationMember>,
  firstName: string,
  lastName: string,
): Verification => {
  if (Option.isNone(member)) return 'notFound'
  if (!sameName(member.value, firstName, lastName)) return 'nameMismatch'
  return member.value.active ? 'verified' : 'inactive'
}

const describeCause = (cause: unknown): string => {
  if (!(cause instanceof Error)) return String(cause)
  // fetch hides the useful part (ECONNREFUSED, a DNS failure) in `cause`.
  return cause.cause instanceof Error ? `${cause.message}: ${cause.cause.message}` : cause.message
}

/** What one attempt got: a body to decode, or a 404. */
type Answer = { readonly _tag: 'body'; readonly text: string } | { readonly _tag: 'notFound' }

const makeHttp = (config: FederationHttpConfig) => {
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs
  const headers: Record<string, string> = { accept: 'application/json' }
  if (config.apiKey !== null) headers['x-api-key'] = config.apiKey
  const baseOf = (url: string) => url.replace(/\/+$/, '')

  /** One GET of `url`, bounded by the timeout; only 2xx and 404 are answers. `where` names it in errors. */
  const attempt = (url: string, where: string) =>
    Effect.tryPromise({
      try: async (signal): Promise<Answer | { readonly _tag: 'refused'; readonly status: number }> => {
        const response = await fetch(url, { headers, signal })
        if (response.ok) return { _tag: 'body', text: await response.text() }
        await response.body?.cancel()
        return response.status === 404 ? { _tag: 'notFound' } : { _tag: 'refused', status: response.status }
      },
      catch: (cause) => new FederationUnavailable({ message: `${where}: ${describeCause(cause)}` }),
    }).pipe(
      Effect.flatMap(
        (answer): Effect.Effect<Answer, FederationUnavailable> =>
          answer._tag === 'refused'
            ? Effect.fail(new FederationUnavailable({ message: `${where}: answered ${answer.status}` }))
            : Effect.succeed(answer),
      ),
      Effect.timeoutOrElse({
        duration: timeoutMs,
        orElse: () =>
          Effect.fail(new FederationUnavailable({ message: `${where}: no answer in ${timeoutMs} ms` })),
      }),
    )

  /**
   * The gateway's answer when it gives one, else the direct call's; when both fail, the error names both.
   * `notFound` is the result of a 404 where the path names one member; elsewhere a 404 is a failure.
   */
  const get = <A>(
    path: string,
    notFound: Option.Option<A>,
    decode: (text: string, where: string) => Effect.Effect<A, FederationUnavailable>,
  ) => {
    const from = (name: string, base: string) => {
      // The query (a person's name) stays out of error messages, which end up in the log.
      const where = `${name} ${baseOf(base)}${path.split('?')[0]}`
      return attempt(`${baseOf(base)}${path}`, where).pipe(
        Effect.flatMap((answer) =>
          answer._tag === 'body'
            ? decode(answer.text, where)
            : Option.match(notFound, {
                onNone: () => Effect.fail(new FederationUnavailable({ message: `${where}: answered 404` })),
                onSome: Effect.succeed,
              }),
        ),
      )
    }
    const direct = from('direct', config.directUrl)
    if (config.gatewayUrl === null) return direct
    return from('gateway', config.gatewayUrl).pipe(
      Effect.catchTag('FederationUnavailable', (gateway) =>
        direct.pipe(
          Effect.mapError(
            (failure) => new FederationUnavailable({ message: `${gateway.message}; ${failure.message}` }),
          ),
        ),
      ),
    )
  }

  const malformed = (where: string) => (error: Schema.SchemaError) =>
    new FederationUnavailable({ message: `${where}: malformed answer: ${error.message.slice(0, 300)}` })

  const member = Effect.fn('FederationLookup.member')(function* (federationId: string) {
    const id = normaliseFederationId(federationId)
    if (Option.isNone(id)) return Option.none<FederationMember>()
    return yield* get(
      `/member/${encodeURIComponent(id.value)}`,
      Option.some(Option.none<FederationMember>()),
      (text, where) =>
        decodeMember(text).pipe(
          Effect.map((wire) => Option.some(toMember(wire))),
          Effect.mapError(malformed(where)),
        ),
    )
  })

  const verify = Effect.fn('FederationLookup.verify')(function* (
    federationId: string,
    firstName: string,
    lastName: string,
  ) {
    return verdictOf(yield* member(federationId), firstName, lastName)
  })

  const search = Effect.fn('FederationLookup.search')(function* (query: string, limit: number) {
    const text = query.trim()
    const count = Number.isFinite(limit) ? Math.min(Math.floor(limit), maxFederationSearchLimit) : 0
    if (text === '' || count < 1) return []
    const path = `/member/search?query=${encodeURIComponent(text)}&limit=${count}`
    return yield* get(path, Option.none<ReadonlyArray<FederationMember>>(), (text, where) =>
      decodeSearch(text).pipe(
        // The service is asked for `count`; one that sends more is cut short rather than trusted.
        Effect.map(({ members }) => members.slice(0, count).map(toMember)),
        Effect.mapError(malformed(where)),
      ),
    )
  })

  return { enabled: true, member, verify, search }
}

const notConfigured = Effect.fail(new FederationUnavailable({ message: 'not configured' }))

export class FederationLookup extends Context.Service<
  FederationLookup,
  {
    /** Whether a member service is configured; when not, every call fails with FederationUnavailable. */
    readonly enabled: boolean
    /** Registration: the member with this id, or none (also for an id that cannot be a federation id, which is never sent). */
    member(federationId: string): Effect.Effect<Option.Option<FederationMember>, FederationUnavailable>
    /** member + name comparison (case-, accent- and whitespace-insensitive, either name order, hyphen/space equivalent). */
    verify(
      federationId: string,
      firstName: string,
      lastName: string,
    ): Effect.Effect<Verification, FederationUnavailable>
    /** Person search by free text (encoded query), at most `limit` members; blank query → empty without a call. */
    search(
      query: string,
      limit: number,
    ): Effect.Effect<ReadonlyArray<FederationMember>, FederationUnavailable>
  }
>()('@kibitz/registration/FederationLookup') {
  /** The member service over HTTP: gateway first, direct call as fallback, each attempt bounded by `timeoutMs`. */
  static readonly http = (config: FederationHttpConfig): Layer.Layer<FederationLookup> =>
    Layer.succeed(FederationLookup, FederationLookup.of(makeHttp(config)))

  /** No member service: contestants are stored unverified. */
  static readonly disabled: Layer.Layer<FederationLookup> = Layer.succeed(
    FederationLookup,
    FederationLookup.of({
      enabled: false,
      member: () => notConfigured,
      verify: () => notConfigured,
      search: () => notConfigured,
    }),
  )
}
