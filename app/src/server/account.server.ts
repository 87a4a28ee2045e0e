import { AccountService, type ProfileData } from '@kibitz/accounts'
import { countryNameIn, ErrorCode, LookupService } from '@kibitz/kernel'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { Effect } from 'effect'
import { sessionOf } from './auth.server.ts'
import { attempt, Result } from './forms.server.ts'
import { requestLocale } from './request.server.ts'
import { runDomain } from './runtime.server.ts'

// Account reads and link checks for the screens' loaders; each answers a plain value, never throws.

/** The outcome of a link: fine, or the catalogue code that explains why not. */
export type LinkOutcome = { readonly ok: true } | { readonly ok: false; readonly code: number }

/** Links carry 43 URL-safe characters; anything else is a link that cannot work. */
const plausible = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token)
const expiredLink: LinkOutcome = { ok: false, code: ErrorCode.resetTokenExpired }

/** Personal or token-bearing answers are never stored by a shared cache. */
const personal = () => setResponseHeader('cache-control', 'private, no-store')

export const activate = async (token: string): Promise<LinkOutcome> => {
  personal()
  if (!plausible(token)) return expiredLink
  const result = await attempt(AccountService.use((a) => a.activate(token)))
  return Result.isFailure(result) ? { ok: false, code: result.failure.code } : { ok: true }
}

export const checkReset = async (token: string): Promise<LinkOutcome> => {
  personal()
  if (!plausible(token)) return expiredLink
  const result = await attempt(AccountService.use((a) => a.checkResetToken(token)))
  return Result.isFailure(result) ? { ok: false, code: result.failure.code } : { ok: true }
}

/** Countries (named in the interface language, in its alphabetical order), currencies and content languages. */
export const lookups = async () => {
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
}

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

export const ownProfile = async () => {
  personal()
  const session = await sessionOf(getRequest())
  if (!session.user) return null
  const id = session.user.id
  const result = await attempt(AccountService.use((a) => a.profileData(id)))
  return Result.isFailure(result) ? null : plainProfile(result.success)
}

export const organiserDecision = async (token: string) => {
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
}

export const publicProfile = async (id: number) => {
  const result = await attempt(AccountService.use((a) => a.publicProfile(id)))
  return Result.isFailure(result) ? null : { ...result.success, languages: [...result.success.languages] }
}

export const publicOrganiser = async (id: number) => {
  const result = await attempt(AccountService.use((a) => a.publicOrganiserProfile(id)))
  return Result.isFailure(result) ? null : { ...result.success }
}

/** What an e-mail change link would confirm (the confirmation itself needs a button press). */
export const emailChange = async (
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
}
