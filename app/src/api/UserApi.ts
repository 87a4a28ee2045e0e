import {
  CompanyApplication,
  CurrentUser,
  ForgotInput,
  IndividualApplication,
  LoginInput,
  OrganiserApplicationView,
  type ProfileChangeKind,
  ProfileData,
  profileChangeForms,
  ResetInput,
  SignUpInput,
  SocialProviderId,
} from '@kibitz/accounts'
import { OrganiserId, UserId } from '@kibitz/kernel'
import { Context, Schema } from 'effect'
import {
  HttpApiEndpoint,
  HttpApiGroup,
  HttpApiMiddleware,
  HttpApiSchema,
  HttpApiSecurity,
  OpenApi,
} from 'effect/http-api'
import { Conflict, Forbidden, Gone, NotFound, TooManyRequests, Unauthorized } from './Problems.ts'

// The "User" calls of spec section 7: schemas and endpoints only. Bodies declare the JSON types a client
// sends; the accounts domain applies the form rules of spec section 5 itself, so a rule broken through the
// API is reported with the same rule id and message as on the web forms, and the document states them.

// ---------------------------------------------------------------------------------------------------------
// Session

/** The signed-in user of a request and its session token, provided by the Authenticated middleware. */
export class CurrentSession extends Context.Service<
  CurrentSession,
  { readonly user: CurrentUser; readonly token: string }
>()('@kibitz/app/api/CurrentSession') {}

/** The session cookie's name over HTTPS and on loopback (a plain `kibitz_session` elsewhere). */
const sessionCookie = HttpApiSecurity.apiKey({ in: 'cookie', key: '__Host-kibitz_session' }).pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    'The session cookie the web pages use too (HttpOnly; set by the login calls). It is named ' +
      '`kibitz_session` on a plain-HTTP deployment that is not on loopback.',
  ),
)

/**
 * Login required: the session cookie must name a live session (401 code 0 without a cookie, 2001 when the
 * session ended) and X-User-Id, when sent, must be its user (2002). On 2001 and 2002 the reply clears the
 * cookie, so the browser is signed out as spec section 8 asks.
 */
export class Authenticated extends HttpApiMiddleware.Service<Authenticated, { provides: CurrentSession }>()(
  '@kibitz/app/api/Authenticated',
  { security: { session: sessionCookie }, error: Unauthorized },
) {}

// ---------------------------------------------------------------------------------------------------------
// Request bodies

// A body is decoded here only as its JSON types: text without NUL (PostgreSQL text cannot hold it) under a cap
// that stops oversized bodies. The accounts domain applies its own (lower) limits and the form rules of spec
// section 5 itself, so a rule broken through the API is answered with the rule id and message the web forms show.
// The document states what the domain checks: each field's JSON Schema keywords are read from the domain's own
// schema of that field (statementOf), so a limit changed there is changed here.

/** JSON Schema keywords of one field. */
type Statement = { readonly [keyword: string]: unknown }

const isStatement = (u: unknown): u is Statement => typeof u === 'object' && u !== null && !Array.isArray(u)

/** A JSON Schema's keywords as one object: its `allOf` parts merged in, an optional field's null left out, no type. */
const flat = (schema: Statement): Statement => {
  const members = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isStatement) : []
  const nonNull = members.filter((member) => member.type !== 'null')
  const [only] = nonNull
  if (only !== undefined && nonNull.length === 1 && members.length === 2) return flat(only)
  const { allOf, type: _type, ...own } = schema
  const parts = Array.isArray(allOf) ? allOf.filter(isStatement).map(flat) : []
  const merged: Record<string, unknown> = { ...own }
  for (const part of parts) Object.assign(merged, part)
  return merged
}

/** What `checked`, the domain's schema of a field, states about itself. */
const statementOf = (checked: Schema.Top): Statement => flat(Schema.toJsonSchemaDocument(checked).schema)

/** A statement's keywords, and its description (the domain's rules in words) after the field's own. */
const split = (description: string, statement: Statement) => {
  const { description: rules, ...keywords } = statement
  return { keywords, description: typeof rules === 'string' ? `${description} ${rules}` : description }
}

const noNul = Schema.makeFilter((value: string) => !value.includes('\u0000'), {
  expected: 'text without NUL',
})

/**
 * Text under `cap` without NUL, stated in the document as `statement` says (the domain's length, pattern or
 * format, and its other rules in words), with `cap` as the length where the domain states a longer one or none.
 */
const text = (description: string, cap: number, statement: Statement = {}) => {
  const stated = split(description, statement)
  const maxLength =
    typeof stated.keywords.maxLength === 'number' ? Math.min(stated.keywords.maxLength, cap) : cap
  return Schema.String.check(
    Schema.isMaxLength(cap).annotate({
      description: stated.description,
      toJsonSchema: () => ({ ...stated.keywords, maxLength }),
    }),
    noNul,
  )
}

/** A text field the API alone checks (a provider's token, a redirect URI). */
const bodyText = (description: string, maximum = 1000) => text(description, maximum)

/** A text field the accounts domain checks with `checked`. */
const checkedText = (checked: Schema.Top, description: string, cap = 1000) =>
  text(description, cap, statementOf(checked))

/** A whole number the accounts domain checks with `checked` (its range or its set of values). */
const checkedInt = (checked: Schema.Top, description: string) => {
  const stated = split(description, statementOf(checked))
  return Schema.Int.annotate({
    description: stated.description,
    toJsonSchema: () => ({ ...stated.keywords, type: 'integer' }),
  })
}

/** A list of texts the accounts domain checks with `checked`: its length and each item's, as the domain states them. */
const checkedTextList = (checked: Schema.Top, description: string, itemCap: number) => {
  const { items, description: _description, ...list } = statementOf(checked)
  return Schema.Array(text(description, itemCap, isStatement(items) ? flat(items) : {})).check(
    Schema.makeFilter<ReadonlyArray<string>>(() => true, { toJsonSchema: () => list }),
  )
}

const acceptRules = Schema.optionalKey(
  Schema.Boolean.annotate({
    description: 'The site rules were accepted; needed when a new account would be created (else 1007).',
  }),
)

const signUp = SignUpInput.fields

/** POST v1/user/register. */
export const RegisterPayload = Schema.Struct({
  user: Schema.Struct({
    email: checkedText(signUp.email, 'E-mail address.'),
    password: checkedText(signUp.password, 'Latin letters, digits or listed punctuation, no spaces.'),
    firstName: checkedText(signUp.firstName, 'First name.'),
    lastName: checkedText(signUp.lastName, 'Last name.'),
    acceptRules: Schema.optionalKey(
      Schema.Boolean.annotate({ description: 'Must be true; missing or false alone answers 1007.' }),
    ),
  }),
})

/** POST v1/user/login. */
export const LoginPayload = Schema.Struct({
  email: checkedText(LoginInput.fields.email, 'E-mail address.'),
  password: checkedText(LoginInput.fields.password, 'Password.', 1024),
})

/** POST v1/user/login-vk: the authorization code of VK ID's redirect (PKCE). */
export const VkLoginPayload = Schema.Struct({
  code: bodyText('The authorization code VK ID sent to the redirect URI.', 4096),
  redirectUri: bodyText('The redirect URI the code was issued for.', 2048),
  codeVerifier: bodyText('The PKCE verifier of the authorization request.', 256),
  deviceId: Schema.optionalKey(bodyText('The device_id VK ID put on the redirect.', 512)),
  state: Schema.optionalKey(bodyText('The state VK ID put on the redirect.', 512)),
  acceptRules,
})

/** POST v1/user/login-fb: an access token the Facebook SDK obtained. */
export const FacebookLoginPayload = Schema.Struct({
  fbData: Schema.Struct({ accessToken: bodyText('A Facebook user access token.', 4096) }),
  acceptRules,
})

/** POST v1/user/login-google: an access token Google Sign-In obtained. */
export const GoogleLoginPayload = Schema.Struct({
  authToken: bodyText('A Google OAuth access token.', 4096),
  acceptRules,
})

/** POST v1/user/forgot. */
export const ForgotPayload = Schema.Struct({
  email: checkedText(ForgotInput.fields.email, 'E-mail address of the account.'),
})

/** POST v1/user/reset/{token}. */
export const ResetPayload = Schema.Struct({
  password: checkedText(ResetInput.fields.password, 'The new password.'),
})

const provider = SocialProviderId.annotate({ description: 'Social provider: 1 Facebook, 2 Google, 3 VK.' })

/** POST v1/user/connect-social. */
export const ConnectSocialPayload = Schema.Struct({
  token: bodyText('An access token of the provider account to connect.', 4096),
  provider,
})

/** POST v1/user/disconnect-social. */
export const DisconnectSocialPayload = Schema.Struct({ provider })

const company = CompanyApplication.fields
const individual = IndividualApplication.fields

/** POST v1/user/register-organizer: a company or an individual organiser application. */
export const OrganiserApplicationPayload = Schema.Struct({
  user: Schema.Union([
    Schema.Struct({
      kind: Schema.Literal('company'),
      companyName: checkedText(company.companyName, 'Company name.'),
      companyCode: checkedText(company.companyCode, 'Company registration code.'),
      vatNumber: Schema.optionalKey(checkedText(company.vatNumber, 'VAT number.')),
      countryCode: checkedText(company.countryCode, 'ISO 3166-1 alpha-2 country code.'),
      phone: checkedText(company.phone, 'Phone.'),
      websiteUrl: Schema.optionalKey(checkedText(company.websiteUrl, 'Website.')),
    }),
    Schema.Struct({
      kind: Schema.Literal('individual'),
      firstName: checkedText(individual.firstName, 'First name.'),
      lastName: checkedText(individual.lastName, 'Last name.'),
      countryCode: checkedText(individual.countryCode, 'ISO 3166-1 alpha-2 country code.'),
      phone: checkedText(individual.phone, 'Phone.'),
      websiteUrl: Schema.optionalKey(checkedText(individual.websiteUrl, 'Website.')),
    }),
  ]),
})

const change = <const K extends ProfileChangeKind, const F extends Schema.Struct.Fields>(
  kind: K,
  description: string,
  fields: F,
) => Schema.Struct({ kind: Schema.Literal(kind), ...fields }).annotate({ description })

/** The fields of each change kind, as the domain checks them. */
const form = <K extends ProfileChangeKind>(kind: K): (typeof profileChangeForms)[K]['fields'] =>
  profileChangeForms[kind].fields

/** PUT v1/user/profile: one profile change of spec section 8 kinds 1 to 14. */
export const ProfileChangePayload = Schema.Union([
  change(1, 'Password (current password not needed while the account has none)', {
    currentPassword: Schema.optionalKey(checkedText(form(1).currentPassword, 'The current password.', 1024)),
    newPassword: checkedText(form(1).newPassword, 'The new password.'),
  }),
  change(2, 'Phone', { phone: checkedText(form(2).phone, 'Phone.') }),
  change(3, 'Description', {
    description: Schema.optionalKey(checkedText(form(3).description, 'About the player.', 5000)),
  }),
  change(4, 'Languages', { languages: checkedTextList(form(4).languages, 'A language code.', 10) }),
  change(5, 'Currency', { currencyId: checkedInt(form(5).currencyId, 'A currency id.') }),
  change(6, 'ID info', {
    idProvider: checkedInt(form(6).idProvider, 'The ID provider.'),
    idNumber: checkedText(form(6).idNumber, 'The ID number.'),
  }),
  change(7, 'E-mail (refused with 1015 for the configured super user and accounts without password)', {
    email: checkedText(form(7).email, 'The new e-mail address.'),
    currentPassword: checkedText(form(7).currentPassword, 'The current password.', 1024),
  }),
  change(8, 'Company name', { companyName: checkedText(form(8).companyName, 'Company name.') }),
  change(9, 'Company code', { companyCode: checkedText(form(9).companyCode, 'Company registration code.') }),
  change(10, 'Country', {
    countryCode: checkedText(form(10).countryCode, 'ISO 3166-1 alpha-2 country code.'),
  }),
  change(11, 'VAT number', { vatNumber: checkedText(form(11).vatNumber, 'VAT number.') }),
  change(12, 'Website', { websiteUrl: checkedText(form(12).websiteUrl, 'Website.') }),
  change(13, 'Organiser first name', { firstName: checkedText(form(13).firstName, 'First name.') }),
  change(14, 'Organiser last name', { lastName: checkedText(form(14).lastName, 'Last name.') }),
])

// ---------------------------------------------------------------------------------------------------------
// Replies

/** The reply of register: the new, not yet activated account. */
export class RegisteredUser extends Schema.Class<RegisteredUser>('RegisteredUser')({
  userId: UserId,
}) {}

/** The account in use (spec section 6 account kind): the organiser one only for an organiser or super user. */
export const AccountInUse = Schema.Literals(['player', 'organiser'])
export type AccountInUse = typeof AccountInUse.Type

/** The profile settings data with the account in use (X-Is-Organizer, else the web's account switch). */
export class UserProfile extends Schema.Class<UserProfile>('UserProfile')({
  ...ProfileData.fields,
  account: AccountInUse,
}) {}

/** An accepted organiser who may create events (GET v1/user/event-creators). */
export class EventCreator extends Schema.Class<EventCreator>('EventCreator')({
  organizerId: OrganiserId,
  userId: UserId,
  name: Schema.String,
  type: Schema.Int.annotate({ description: 'Organiser kind: 1 individual, 2 company.' }),
}) {}

// ---------------------------------------------------------------------------------------------------------
// Endpoints

const token = Schema.String.check(Schema.isMaxLength(200), Schema.isPattern(/^[A-Za-z0-9_-]+$/u)).annotate({
  description: 'The token of the e-mailed link.',
})

const userIdHeader = {
  'x-user-id': Schema.optionalKey(
    Schema.String.annotate({
      description: 'The id of the user the client believes is signed in; a different user answers 2002.',
    }),
  ),
}

/** The headers of calls that answer the profile: X-User-Id and the account in use. */
const profileHeaders = {
  ...userIdHeader,
  'x-is-organizer': Schema.optionalKey(
    Schema.Literals(['true', 'false']).annotate({
      description: 'Whether the organiser account is in use; without it the account switch cookie decides.',
    }),
  ),
}

const codes = (text: string, list: ReadonlyArray<number>) => `${text} Catalogue codes: ${list.join(', ')}.`

/** POST/GET/PUT v1/user/*: accounts, sessions, social accounts, organiser applications and profiles. */
export class UserGroup extends HttpApiGroup.make('user')
  .add(
    HttpApiEndpoint.post('register', '/user/register', {
      payload: RegisterPayload,
      success: RegisteredUser.pipe(HttpApiSchema.status(201)),
      error: [Conflict, TooManyRequests],
    }).annotate(
      OpenApi.Description,
      codes(
        'Creates an inactive account and e-mails the activation link in the Accept-Language language. ' +
          'Invalid fields: 400 naming each; rules not accepted alone: 400 with 1007; a taken e-mail: 409.',
        [1001, 1007],
      ),
    ),
    HttpApiEndpoint.post('login', '/user/login', {
      payload: LoginPayload,
      success: CurrentUser,
      error: [Unauthorized, Forbidden, TooManyRequests],
    }).annotate(
      OpenApi.Description,
      codes(
        'Signs in with e-mail and password and sets the session cookie (the web pages share it); the ' +
          'account switch cookie is cleared. Five failures per account or address lock it for 15 minutes (429).',
        [1000, 1003, 1004],
      ),
    ),
    HttpApiEndpoint.post('logout', '/user/logout', { success: HttpApiSchema.NoContent }).annotate(
      OpenApi.Description,
      'Ends the session, if any, and clears the session and account switch cookies.',
    ),
    HttpApiEndpoint.post('loginVk', '/user/login-vk', {
      payload: VkLoginPayload,
      success: CurrentUser,
      error: [Forbidden, Conflict, NotFound],
    }).annotate(
      OpenApi.Description,
      codes(
        'Signs in with VK ID (creating the account when new) and sets the session cookie.',
        [1002, 1004, 1005, 1006, 1007],
      ),
    ),
    HttpApiEndpoint.post('loginFacebook', '/user/login-fb', {
      payload: FacebookLoginPayload,
      success: CurrentUser,
      error: [Forbidden, Conflict, NotFound],
    }).annotate(
      OpenApi.Description,
      codes(
        'Signs in with Facebook (creating the account when new) and sets the session cookie.',
        [1002, 1004, 1005, 1006, 1007],
      ),
    ),
    HttpApiEndpoint.post('loginGoogle', '/user/login-google', {
      payload: GoogleLoginPayload,
      success: CurrentUser,
      error: [Forbidden, Conflict, NotFound],
    }).annotate(
      OpenApi.Description,
      codes(
        'Signs in with Google (creating the account when new) and sets the session cookie.',
        [1002, 1004, 1005, 1006, 1007],
      ),
    ),
    HttpApiEndpoint.post('forgot', '/user/forgot', {
      payload: ForgotPayload,
      success: HttpApiSchema.NoContent,
      error: TooManyRequests,
    }).annotate(
      OpenApi.Description,
      'E-mails a password reset link if the account exists; the answer is the same either way.',
    ),
    HttpApiEndpoint.post('reset', '/user/reset/:token', {
      params: { token },
      payload: ResetPayload,
      success: HttpApiSchema.NoContent,
      error: [Gone, NotFound],
    }).annotate(
      OpenApi.Description,
      codes(
        'Sets a new password with the e-mailed token, ends every session of the account and clears the ' +
          'session cookie. An unknown, used or expired token: 410.',
        [1013, 1014],
      ),
    ),
    HttpApiEndpoint.post('connectSocial', '/user/connect-social', {
      headers: userIdHeader,
      payload: ConnectSocialPayload,
      success: HttpApiSchema.NoContent,
      error: [Conflict, NotFound],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        codes(
          'Connects a provider account, given its access token, to the signed-in user.',
          [1009, 1010, 1011, 1012],
        ),
      ),
    HttpApiEndpoint.post('disconnectSocial', '/user/disconnect-social', {
      headers: userIdHeader,
      payload: DisconnectSocialPayload,
      success: HttpApiSchema.NoContent,
      error: NotFound,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        codes('Disconnects a provider; refused when it is the only way left to sign in.', [1011]),
      ),
    HttpApiEndpoint.post('registerOrganizer', '/user/register-organizer', {
      headers: userIdHeader,
      payload: OrganiserApplicationPayload,
      success: CurrentUser,
      error: NotFound,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Applies for an organiser account (pending afterwards) and e-mails the super users the decision ' +
          'links. A pending or accepted application stands as it is.',
      ),
    HttpApiEndpoint.get('organizerDecision', '/user/organizer/:token/:status', {
      params: {
        token,
        status: Schema.Literals(['2', '3']).annotate({ description: 'The decision: 2 decline, 3 accept.' }),
      },
      success: OrganiserApplicationView,
      error: [Gone, NotFound],
    }).annotate(
      OpenApi.Description,
      codes(
        'The e-mailed decision link: accepts or declines the organiser application and tells the ' +
          'applicant. The first decision stands; following a link again reports it. Never cached.',
        [1013, 1014],
      ),
    ),
    HttpApiEndpoint.get('profileData', '/user/profile-data', {
      headers: profileHeaders,
      success: UserProfile,
      error: NotFound,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'The profile settings data. `account` is organiser only when asked for and the user is an ' +
          'accepted organiser or the super user.',
      ),
    HttpApiEndpoint.put('changeProfile', '/user/profile', {
      headers: profileHeaders,
      payload: ProfileChangePayload,
      success: UserProfile,
      error: [Forbidden, Conflict, NotFound, TooManyRequests],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        codes(
          'Not in the spec list (which omits profile updates): one change of the profile change kinds 1 ' +
            'to 14 of spec section 8; answers the profile as profile-data does. Kinds 8 to 14 need an ' +
            'organiser account (else 1014). A password change ends the other sessions.',
          [1001, 1008, 1014, 1015],
        ),
      ),
    HttpApiEndpoint.get('eventCreators', '/user/event-creators', {
      headers: userIdHeader,
      success: Schema.Array(EventCreator),
      error: [Forbidden],
    })
      .middleware(Authenticated)
      .annotate(OpenApi.Description, 'Super user only (403 otherwise): the accepted organisers, by name.'),
  )
  .prefix('/api/v1')
  .annotateMerge(
    OpenApi.annotations({
      description:
        'Personal calls: every reply is `Cache-Control: no-store`. Calls marked with the session cookie ' +
        'need a signed-in user: 401 with code 0 without a session cookie, 2001 (and the cookie cleared) ' +
        'when the session ended, 2002 (and the cookie cleared) when X-User-Id names another user.',
    }),
  ) {}
