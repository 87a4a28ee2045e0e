import {
  EmailField,
  ErrorCodeSchema,
  PasswordField,
  PersonName,
  PhoneField,
  PlainText,
  RequiredTrue,
  TextArea,
  ValidationRuleSchema,
  WebsiteUrl,
} from '@kibitz/kernel/format'
import { OrganiserId, UserId } from '@kibitz/kernel/ids'
import { Schema } from 'effect'

// The accounts domain's public shapes: who is signed in, what a profile holds, what the forms send, and
// how a request fails. Failures carry catalogue codes (spec section 8), never English prose.

/** The organiser account as its owner sees it. */
export class OwnOrganiser extends Schema.Class<OwnOrganiser>('@kibitz/accounts/OwnOrganiser')({
  organizerId: OrganiserId,
  status: Schema.Int,
  type: Schema.Int,
  name: Schema.String,
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  companyCode: Schema.NullOr(Schema.String),
  vatNumber: Schema.NullOr(Schema.String),
  countryCode: Schema.NullOr(Schema.String),
  websiteUrl: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
}) {}

/**
 * The signed-in user (spec section 3 User): `hasOrganizer` is false for a declined organiser (it counts as
 * none), `isOrganizer` only for an accepted one; `isSuper` is the admin role, which passes every organiser check.
 */
export class CurrentUser extends Schema.Class<CurrentUser>('@kibitz/accounts/CurrentUser')({
  id: UserId,
  role: Schema.Int,
  isSuper: Schema.Boolean,
  isCompany: Schema.Boolean,
  email: Schema.String,
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  userName: Schema.String,
  language: Schema.String,
  avatar: Schema.NullOr(Schema.String),
  avatarThumb: Schema.NullOr(Schema.String),
  organizer: Schema.NullOr(OwnOrganiser),
  hasOrganizer: Schema.Boolean,
  isOrganizer: Schema.Boolean,
  organizerStatus: Schema.NullOr(Schema.Int),
}) {}

/** Everything the profile settings screens show (GET v1/user/profile-data). */
export class ProfileData extends Schema.Class<ProfileData>('@kibitz/accounts/ProfileData')({
  user: CurrentUser,
  phone: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  languages: Schema.Array(Schema.String),
  currencyId: Schema.NullOr(Schema.Int),
  idProvider: Schema.NullOr(Schema.Int),
  idNumber: Schema.NullOr(Schema.String),
  hasPassword: Schema.Boolean,
  canChangeEmail: Schema.Boolean,
  /** A new address asked for and not yet confirmed from its inbox. */
  pendingEmail: Schema.NullOr(Schema.String),
  socialProviders: Schema.Array(Schema.Int),
}) {}

/** A player's public profile: no e-mail, no phone. */
export class PublicProfile extends Schema.Class<PublicProfile>('@kibitz/accounts/PublicProfile')({
  id: UserId,
  avatar: Schema.NullOr(Schema.String),
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  languages: Schema.Array(Schema.String),
  memberSince: Schema.String,
  organizerId: Schema.NullOr(OrganiserId),
}) {}

/** An accepted organiser's public profile. */
export class PublicOrganiserProfile extends Schema.Class<PublicOrganiserProfile>(
  '@kibitz/accounts/PublicOrganiserProfile',
)({
  organizerId: OrganiserId,
  type: Schema.Int,
  name: Schema.String,
  countryCode: Schema.NullOr(Schema.String),
  websiteUrl: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  memberSince: Schema.String,
}) {}

/** What an organiser-decision link is about, for the confirmation screen. */
export class OrganiserApplicationView extends Schema.Class<OrganiserApplicationView>(
  '@kibitz/accounts/OrganiserApplicationView',
)({
  organizerId: OrganiserId,
  type: Schema.Int,
  name: Schema.String,
  applicantEmail: Schema.String,
  countryCode: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  websiteUrl: Schema.NullOr(Schema.String),
  status: Schema.Int,
}) {}

// ---------------------------------------------------------------------------------------------------------
// Inputs: one Schema per form, shared by the React forms and the server (spec section 5).

const Language = Schema.String.check(Schema.isMaxLength(5))
// The u flag lets the API's document state the pattern (Effect exports only Unicode-mode patterns).
const CountryCode = Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/u))

/** POST v1/user/register and /register-user. */
export const SignUpInput = Schema.Struct({
  email: EmailField,
  password: PasswordField,
  firstName: PersonName,
  lastName: PersonName,
  acceptRules: RequiredTrue,
})
export type SignUpInput = typeof SignUpInput.Type

/** POST v1/user/login and /login: only presence is checked, so a wrong password is just 1000. */
export const LoginInput = Schema.Struct({
  email: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(254)),
  password: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(1024)),
})
export type LoginInput = typeof LoginInput.Type

/** POST v1/user/forgot. */
export const ForgotInput = Schema.Struct({ email: EmailField })

/** POST v1/user/reset/{token}. */
export const ResetInput = Schema.Struct({ password: PasswordField })

/** Organiser application, company variant (/register-organizer/company). */
export const CompanyApplication = Schema.Struct({
  companyName: PlainText({ max: 200, allowCyrillic: true }),
  companyCode: PlainText({ max: 40, allowCyrillic: false }),
  vatNumber: Schema.optional(PlainText({ max: 40, allowCyrillic: false })),
  countryCode: CountryCode,
  phone: PhoneField,
  websiteUrl: Schema.optional(WebsiteUrl),
})
export type CompanyApplication = typeof CompanyApplication.Type

/** Organiser application, individual variant (/register-organizer/individual). */
export const IndividualApplication = Schema.Struct({
  firstName: PersonName,
  lastName: PersonName,
  countryCode: CountryCode,
  phone: PhoneField,
  websiteUrl: Schema.optional(WebsiteUrl),
})
export type IndividualApplication = typeof IndividualApplication.Type

export type OrganiserApplication =
  | { readonly kind: 'company'; readonly details: CompanyApplication }
  | { readonly kind: 'individual'; readonly details: IndividualApplication }

/** Spec section 8: profile change kinds 1 to 14. */
export const ProfileChangeKind = {
  password: 1,
  phone: 2,
  description: 3,
  languages: 4,
  currency: 5,
  idInfo: 6,
  email: 7,
  companyName: 8,
  companyCode: 9,
  country: 10,
  vatNumber: 11,
  website: 12,
  organiserFirstName: 13,
  organiserLastName: 14,
} as const
export type ProfileChangeKind = (typeof ProfileChangeKind)[keyof typeof ProfileChangeKind]

/** The form of each change kind: the fields it sends. */
export const profileChangeForms = {
  1: Schema.Struct({ currentPassword: Schema.optional(Schema.String), newPassword: PasswordField }),
  2: Schema.Struct({ phone: PhoneField }),
  3: Schema.Struct({ description: Schema.optional(TextArea({ max: 250 })) }),
  4: Schema.Struct({ languages: Schema.Array(Language).check(Schema.isMaxLength(10)) }),
  5: Schema.Struct({
    currencyId: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 })),
  }),
  6: Schema.Struct({
    idProvider: Schema.Literal(1),
    idNumber: PlainText({ max: 40, allowCyrillic: false }),
  }),
  7: Schema.Struct({ email: EmailField, currentPassword: Schema.String }),
  8: Schema.Struct({ companyName: PlainText({ max: 200, allowCyrillic: true }) }),
  9: Schema.Struct({ companyCode: PlainText({ max: 40, allowCyrillic: false }) }),
  10: Schema.Struct({ countryCode: CountryCode }),
  11: Schema.Struct({ vatNumber: PlainText({ max: 40, allowCyrillic: false }) }),
  12: Schema.Struct({ websiteUrl: WebsiteUrl }),
  13: Schema.Struct({ firstName: PersonName }),
  14: Schema.Struct({ lastName: PersonName }),
} as const

/** Change kinds that edit the organiser account rather than the player profile. */
export const organiserChangeKinds: ReadonlyArray<ProfileChangeKind> = [8, 9, 10, 11, 12, 13, 14]

/** A profile change kind from a request value. */
export const isProfileChangeKind = (value: number): value is ProfileChangeKind =>
  Number.isInteger(value) && value >= 1 && value <= 14

// ---------------------------------------------------------------------------------------------------------
// Failures

/** A refusal with a catalogue code (spec section 8); `field` names the form field it is about, if any. */
export class AccountFailure extends Schema.TaggedError<AccountFailure>()('AccountFailure', {
  code: ErrorCodeSchema,
  field: Schema.optional(Schema.String),
}) {}

/** Too many attempts from this address or for this account: try again after `retryAfterSeconds`. */
export class Throttled extends Schema.TaggedError<Throttled>()('Throttled', {
  retryAfterSeconds: Schema.Int,
}) {}

/** One invalid field: the rule it broke (spec section 5) and the spec's English message. */
export const FieldProblem = Schema.Struct({ rule: ValidationRuleSchema, message: Schema.String })

/** The input failed validation; every offending field is named. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()('InvalidInput', {
  errors: Schema.Record(Schema.String, FieldProblem),
}) {}
