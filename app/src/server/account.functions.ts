import { AccountService, type ProfileData } from '@kibitz/accounts'
import { EventService } from '@kibitz/events'
import { countryNameIn, ErrorCode, LookupService, OrganiserId, UserId } from '@kibitz/kernel'
import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { Effect, Schema } from 'effect'
import { currentEventActor, personal } from './actor.server.ts'
import { sessionOf } from './auth.server.ts'
import { attempt, Result } from './forms.server.ts'
import { requestLocale, takeFormState } from './request.server.ts'
import { runDomain } from './runtime.server.ts'

// The account screens' reads and link checks (spec section 2: activation, reset and e-mail change links, profile
// settings, public profiles, my events): each server function right after the server code it runs, which names
// the domain's use case; each answers a plain value, never throws. Personal or token-bearing answers are never
// stored by a shared cache. The account forms themselves are posts (accountForms.server.ts).

const FormId = Schema.String.check(Schema.isMaxLength(40))

/** A redirected form's errors and typed values, read once by the form's page. */
export const fetchFormState = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ form: FormId })))
  .handler(({ data }) => takeFormState(data.form))

/** Any text is accepted here: a mangled or overlong link is the domain's 1013, never a validation 500. */
const Token = Schema.String

const Page = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10_000 }))

/** The outcome of a link: fine, or the catalogue code that explains why not. */
export type LinkOutcome = { readonly ok: true } | { readonly ok: false; readonly code: number }

/** Links carry 43 URL-safe characters; anything else is a link that cannot work. */
const plausible = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token)

const expiredLink: LinkOutcome = { ok: false, code: ErrorCode.resetTokenExpired }

export const activate = createServerOnlyFn(async (token: string): Promise<LinkOutcome> => {
  personal()
  if (!plausible(token)) return expiredLink
  const result = await attempt(AccountService.use((a) => a.activate(token)))
  return Result.isFailure(result) ? { ok: false, code: result.failure.code } : { ok: true }
})

/** Activates the account of an e-mailed link (following it twice is harmless). */
export const activateAccount = createServerFn({ method: 'POST' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ token: Token })))
  .handler(({ data }) => activate(data.token))

export const checkReset = createServerOnlyFn(async (token: string): Promise<LinkOutcome> => {
  personal()
  if (!plausible(token)) return expiredLink
  const result = await attempt(AccountService.use((a) => a.checkResetToken(token)))
  return Result.isFailure(result) ? { ok: false, code: result.failure.code } : { ok: true }
})

/** Whether a password-reset link can still be used. */
export const checkResetLink = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ token: Token })))
  .handler(({ data }) => checkReset(data.token))

/** Countries (named in the interface language, in its alphabetical order), currencies and content languages. */
export const lookups = createServerOnlyFn(async () => {
  const locale = requestLocale()
  const [countries, currencies, languages] = await runDomain(
    Effect.flatMap(LookupService, (l) =>
      Effect.all([l.countries(locale), l.currencies(false), l.languages()]),
    ),
  )
  return {
    countries: countries.map((c) => ({ code: c.code, name: c.name })),
    currencies: currencies.map((c) => ({ id: c.id, code: c.code, name: c.name, symbol: c.symbol })),
    languages: languages.map((l) => ({ code: l.code, name: l.name, nativeName: l.nativeName })),
  }
})

/** Countries, currencies and content languages for the profile and organiser forms. */
export const fetchAccountLookups = createServerFn({ method: 'GET' }).handler(() => lookups())

const plainProfile = (p: ProfileData) => ({
  email: p.user.email,
  avatar: p.user.avatar,
  avatarThumb: p.user.avatarThumb,
  firstName: p.user.firstName,
  lastName: p.user.lastName,
  phone: p.phone,
  description: p.description,
  languages: [...p.languages],
  currencyId: p.currencyId,
  idProvider: p.idProvider,
  idNumber: p.idNumber,
  hasPassword: p.hasPassword,
  canChangeEmail: p.canChangeEmail,
  pendingEmail: p.pendingEmail,
  socialProviders: [...p.socialProviders],
  organizer: p.user.organizer ? { ...p.user.organizer } : null,
})

export const ownProfile = createServerOnlyFn(async () => {
  personal()
  const session = await sessionOf(getRequest())
  if (!session.user) return null
  const id = session.user.id
  const result = await attempt(AccountService.use((a) => a.profileData(id)))
  return Result.isFailure(result) ? null : plainProfile(result.success)
})

/** The signed-in user's profile for the settings screens (null when signed out). */
export const fetchProfileData = createServerFn({ method: 'GET' }).handler(() => ownProfile())

export const organiserDecision = createServerOnlyFn(async (token: string) => {
  personal()
  if (!plausible(token)) return { ok: false as const, code: ErrorCode.resetTokenExpired }
  const result = await attempt(AccountService.use((a) => a.viewOrganiserDecision(token)))
  return Result.isFailure(result)
    ? { ok: false as const, code: result.failure.code }
    : {
        ok: true as const,
        application: {
          ...result.success,
          // The applicant's country as the super user reads it, in the interface language (decision 030).
          countryName:
            result.success.countryCode === null
              ? null
              : countryNameIn(result.success.countryCode, requestLocale()),
        },
      }
})

/** What an organiser-decision link is about. */
export const fetchOrganiserDecision = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ token: Token })))
  .handler(({ data }) => organiserDecision(data.token))

export const publicProfile = createServerOnlyFn(async (id: UserId) => {
  const result = await attempt(AccountService.use((a) => a.publicProfile(id)))
  return Result.isFailure(result) ? null : { ...result.success, languages: [...result.success.languages] }
})

/** A player's public profile, or null. */
export const fetchPublicProfile = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ id: UserId })))
  .handler(({ data }) => publicProfile(data.id))

export const publicOrganiser = createServerOnlyFn(async (id: OrganiserId) => {
  const result = await attempt(AccountService.use((a) => a.publicOrganiserProfile(id)))
  return Result.isFailure(result) ? null : { ...result.success }
})

/** An accepted organiser's public profile, or null. */
export const fetchPublicOrganiser = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ id: OrganiserId })))
  .handler(({ data }) => publicOrganiser(data.id))

/** What an e-mail change link would confirm (the confirmation itself needs a button press). */
export const emailChange = createServerOnlyFn(
  async (
    token: string,
  ): Promise<
    { readonly ok: true; readonly newEmail: string } | { readonly ok: false; readonly code: number }
  > => {
    personal()
    if (!plausible(token)) return expiredLink
    const result = await attempt(AccountService.use((a) => a.viewEmailChange(token)))
    return Result.isFailure(result)
      ? { ok: false, code: result.failure.code }
      : { ok: true, newEmail: result.success.newEmail }
  },
)

/** What the link mailed to a new address would confirm. */
export const fetchEmailChange = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ token: Token })))
  .handler(({ data }) => emailChange(data.token))

/** My events (spec: /user/events and its drafts tab) for 18 at a time. */
export const ownEventsPageSize = 18

/**
 * The signed-in organiser's events (every organiser's for the super user). The owner comes from the
 * session, never from the request; anyone else gets null.
 */
export const ownEvents = createServerOnlyFn(async (draftsOnly: boolean, page: number) => {
  const actor = await currentEventActor()
  if (!actor) return null
  // A super user who is also an organiser sees their own events here; one who is not sees everyone's.
  const owner = { organiserId: actor.organiserId, draftsOnly }
  const result = await runDomain(
    EventService.use((events) =>
      events.ownEvents(
        owner,
        { offset: (page - 1) * ownEventsPageSize, limit: ownEventsPageSize },
        requestLocale(),
      ),
    ),
  )
  return {
    total: result.totalEventsCount,
    events: result.events.map((e) => ({
      id: e.id,
      alias: e.alias,
      name: e.name,
      state: e.state,
      dateStart: e.dateStart,
      dateEnd: e.dateEnd,
      tournamentsCount: e.tournamentsCount,
    })),
  }
})

/** The signed-in organiser's events, or only the drafts (null for anyone else). */
export const fetchOwnEvents = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ draftsOnly: Schema.Boolean, page: Page })))
  .handler(({ data }) => ownEvents(data.draftsOnly, data.page))
