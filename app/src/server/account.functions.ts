import { createServerFn } from '@tanstack/react-start'
import { Schema } from 'effect'
import { takeFormState } from './request.server.ts'

const FormId = Schema.String.check(Schema.isMaxLength(40))

/** A redirected form's errors and typed values, read once by the form's page. */
export const fetchFormState = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ form: FormId })))
  .handler(({ data }) => takeFormState(data.form))

// Any text is accepted here: a mangled or overlong link is the domain's 1013, never a validation 500.
const Token = Schema.String

/** Activates the account of an e-mailed link (following it twice is harmless). */
export const activateAccount = createServerFn({ method: 'POST' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ token: Token })))
  .handler(async ({ data }) => (await import('./account.server.ts')).activate(data.token))

/** Whether a password-reset link can still be used. */
export const checkResetLink = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ token: Token })))
  .handler(async ({ data }) => (await import('./account.server.ts')).checkReset(data.token))

/** Countries, currencies and content languages for the profile and organiser forms. */
export const fetchAccountLookups = createServerFn({ method: 'GET' }).handler(async () =>
  (await import('./account.server.ts')).lookups(),
)

/** The signed-in user's profile for the settings screens (null when signed out). */
export const fetchProfileData = createServerFn({ method: 'GET' }).handler(async () =>
  (await import('./account.server.ts')).ownProfile(),
)

/** What an organiser-decision link is about. */
export const fetchOrganiserDecision = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ token: Token })))
  .handler(async ({ data }) => (await import('./account.server.ts')).organiserDecision(data.token))

const ProfileId = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 }))

/** A player's public profile, or null. */
export const fetchPublicProfile = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ id: ProfileId })))
  .handler(async ({ data }) => (await import('./account.server.ts')).publicProfile(data.id))

/** An accepted organiser's public profile, or null. */
export const fetchPublicOrganiser = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ id: ProfileId })))
  .handler(async ({ data }) => (await import('./account.server.ts')).publicOrganiser(data.id))

/** What the link mailed to a new address would confirm. */
export const fetchEmailChange = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ token: Token })))
  .handler(async ({ data }) => (await import('./account.server.ts')).emailChange(data.token))

const Page = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10_000 }))

/** The signed-in organiser's events, or only the drafts (null for anyone else). */
export const fetchOwnEvents = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ draftsOnly: Schema.Boolean, page: Page })))
  .handler(async ({ data }) => (await import('./ownEvents.server.ts')).ownEvents(data.draftsOnly, data.page))
