import { ImageStore } from '@kibitz/files'
import {
  decodeForm,
  type Em,
  ErrorCode,
  type ErrorCodeValue,
  type FormSchema,
  inTransaction,
  LookupService,
  MailMessage,
  Outbox,
  resolveInterfaceLocale,
} from '@kibitz/kernel'
import { Clock, Context, Data, Effect, Layer } from 'effect'
import {
  AccountFailure,
  CompanyApplication,
  CurrentUser,
  ForgotInput,
  IndividualApplication,
  InvalidInput,
  LoginInput,
  type OrganiserApplication,
  OrganiserApplicationView,
  OwnOrganiser,
  organiserChangeKinds,
  type ProfileChangeKind,
  ProfileData,
  PublicOrganiserProfile,
  PublicProfile,
  profileChangeForms,
  ResetInput,
  SignUpInput,
  Throttled,
} from './Account.ts'
import * as Repo from './internal/AccountRepo.ts'
import { TokenPurpose } from './internal/AccountRepo.ts'
import { countAttempt } from './internal/Attempts.ts'
import { type AccountMail, renderAccountMail } from './internal/mail/AccountMail.ts'
import { decoyHash, hashPassword, newToken, tokenHash, verifyPassword } from './internal/Secrets.ts'
import { OrganiserKind, OrganiserStatus, UserRole } from './Organiser.ts'
import {
  SocialAuth,
  type SocialFailure,
  type SocialProfile,
  SocialProvider,
  type SocialProviderId,
} from './Social.ts'

/** Settings the accounts domain needs from the runtime contract. */
export class AccountsConfig extends Context.Service<
  AccountsConfig,
  {
    /** Where links in e-mails point (PUBLIC_URL, no trailing slash). */
    readonly publicUrl: string
    /** The operator-configured super user (ADMIN_EMAIL): its e-mail is owned by the configuration. */
    readonly adminEmail: string
  }
>()('@kibitz/accounts/AccountsConfig') {}

/** Who is asking: the client address (for throttling), its interface language and its device cookie. */
export interface RequestInfo {
  readonly ip: string
  readonly userAgent: string | null
  readonly language: string
  /** The device cookie's token, when the browser sent one (docs/decisions/028-sign-in-throttling.md). */
  readonly device?: string | undefined
}

/**
 * A new session: the raw token goes into the cookie only; the database keeps its hash. `device` is the token
 * of the device cookie that now names this account as known on the browser (the one it sent, or a new one).
 */
export interface SignedIn {
  readonly token: string
  readonly device: string
  readonly user: CurrentUser
}

/** How a social sign-in arrives: an authorization code from our redirect flow, or a token a client holds. */
export type SocialCredential =
  | {
      readonly code: string
      readonly codeVerifier: string
      readonly redirectUri: string
      /** VK ID wants the state and its device id back in the token request. */
      readonly state?: string
      readonly deviceId?: string
    }
  | { readonly accessToken: string }

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

/** Spec-independent security limits (docs/decisions/012-accounts.md, 028-sign-in-throttling.md). */
export const AccountLimits = {
  /** Failed logins for one account from one address without its device cookie. */
  failedLoginsPerAccountAndAddress: 5,
  /** Failed logins from one address over every account: sized for a venue's shared address. */
  failedLoginsPerAddress: 100,
  /** Failed logins for one account from every client without its device cookie (a spread-out guesser). */
  failedLoginsPerAccount: 30,
  /** Failed logins for one account from one of its known devices (the device's own budget). */
  failedLoginsPerDevice: 10,
  /** How long a device stays known after its last sign-in. */
  knownDeviceMs: 365 * day,
  signUpsPerWindow: 5,
  resetRequestsPerWindow: 5,
  windowMs: 15 * minute,
  sessionIdleMs: 14 * day,
  sessionAbsoluteMs: 60 * day,
  sessionTouchMs: 5 * minute,
  activationValidMs: 7 * day,
  resetValidMs: 2 * hour,
  decisionValidMs: 30 * day,
  activationResendAfterMs: 10 * minute,
  emailChangeValidMs: 24 * hour,
  passwordChecksPerWindow: 5,
  emailChangesPerWindow: 5,
} as const

type Failure = AccountFailure
const fail = (code: ErrorCodeValue, field?: string): Effect.Effect<never, Failure> =>
  Effect.fail(new AccountFailure(field === undefined ? { code } : { code, field }))

/** A queued reset request whose mail could not be written (inside the worker only, never answered). */
class ResetNotMailed extends Data.TaggedError('ResetNotMailed')<{
  readonly requestId: string
  readonly defect: unknown
}> {}

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** Decodes form input with the shared schema, or fails naming every invalid field. */
const validate = <S extends FormSchema>(
  schema: S,
  input: unknown,
): Effect.Effect<S['Type'], InvalidInput> => {
  const result = decodeForm(schema, input)
  return result.ok ? Effect.succeed(result.value) : Effect.fail(new InvalidInput({ errors: result.errors }))
}

const displayName = (user: Repo.User) =>
  [user.firstName, user.lastName].filter((part) => part && part.length > 0).join(' ') || user.email

const ownOrganiser = (o: Repo.Organiser) =>
  new OwnOrganiser({
    organizerId: o.id,
    status: o.status,
    type: o.type,
    name: o.name,
    firstName: o.firstName ?? null,
    lastName: o.lastName ?? null,
    companyCode: o.companyCode ?? null,
    vatNumber: o.vatNumber ?? null,
    countryCode: o.countryCode ?? null,
    websiteUrl: o.websiteUrl ?? null,
    phone: o.phone ?? null,
  })

const currentUser = (user: Repo.User, organiser: Repo.Organiser | null) =>
  new CurrentUser({
    id: user.id,
    role: user.role,
    isSuper: user.role === UserRole.admin,
    isCompany: user.isCompany,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    userName: displayName(user),
    language: user.language,
    avatar: user.avatarUrl ?? null,
    avatarThumb: user.avatarThumbUrl ?? null,
    organizer: organiser ? ownOrganiser(organiser) : null,
    hasOrganizer: organiser !== null && organiser.status !== OrganiserStatus.declined,
    isOrganizer: organiser?.status === OrganiserStatus.accepted,
    organizerStatus: organiser?.status ?? null,
  })

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * Sign-up, sign-in (password and social), sessions, password reset, organiser applications and profiles
 * (spec sections 3–8). Every failure is typed: AccountFailure with a catalogue code, InvalidInput naming
 * fields, or Throttled.
 */
export class AccountService extends Context.Service<
  AccountService,
  {
    /** Anyone: creates an inactive account and e-mails the activation link (1001, 1007, throttled per IP). */
    register(
      input: unknown,
      request: RequestInfo,
    ): Effect.Effect<{ readonly userId: number }, Failure | InvalidInput | Throttled, Em>
    /** Anyone with the e-mailed link: activates the account (1013 when the link is unknown or expired). */
    activate(token: string): Effect.Effect<{ readonly userId: number }, Failure, Em>
    /**
     * Anyone: checks the password and opens a session (1000, 1003, 1004). Throttled by the device's own failures
     * from a known device, else per account and address, per address and per account (decision 028).
     */
    login(
      input: unknown,
      request: RequestInfo,
    ): Effect.Effect<SignedIn, Failure | InvalidInput | Throttled, Em>
    /** The session's holder: the signed-in user, or 2001 when the session ended (expired, revoked, banned). */
    authenticate(token: string): Effect.Effect<CurrentUser, Failure, Em>
    /** The session's holder: ends the session; ending an unknown one succeeds. */
    logout(token: string): Effect.Effect<void, never, Em>
    /**
     * Anyone: queues a reset request, the same work and answer whether the account exists or not (throttled per
     * IP); the worker's sendRequestedResets mails the link.
     */
    forgotPassword(input: unknown, request: RequestInfo): Effect.Effect<void, InvalidInput | Throttled, Em>
    /**
     * The worker only: mails a reset link for each of up to `limit` queued requests whose address has an account
     * (at most five per address in 15 minutes); answers how many requests it took. At least once per request.
     */
    sendRequestedResets(limit: number): Effect.Effect<number, never, Em>
    /** Anyone with the link: whether it can still be used (1013 otherwise). */
    checkResetToken(token: string): Effect.Effect<void, Failure, Em>
    /**
     * Anyone with the link: sets the new password, ends every session, clears the account's sign-in counters and
     * makes the browser a known device, answering its device token (1013 when expired or used).
     */
    resetPassword(
      token: string,
      input: unknown,
      request: RequestInfo,
    ): Effect.Effect<{ readonly device: string }, Failure | InvalidInput, Em>
    /** Anyone: the enabled social providers. */
    socialProviders(): ReadonlyArray<SocialProviderId>
    /** Anyone: where to send the browser to sign in with a provider. */
    beginSocial(
      provider: SocialProviderId,
      redirectUri: string,
    ): Effect.Effect<{ url: string; state: string; codeVerifier: string }, Failure>
    /**
     * Anyone: signs in with a social account, creating the user when new (1002, 1004, 1005, 1006, 1007 when a
     * new account would be created without accepting the rules).
     */
    socialLogin(
      provider: SocialProviderId,
      credential: SocialCredential,
      options: RequestInfo & { readonly acceptRules: boolean },
    ): Effect.Effect<SignedIn & { readonly created: boolean }, Failure, Em>
    /** A signed-in user: connects a social account (1009, 1010, 1011, 1012). */
    connectSocial(
      userId: number,
      provider: SocialProviderId,
      credential: SocialCredential,
    ): Effect.Effect<void, Failure, Em>
    /** A signed-in user: disconnects a provider; refused (1011) when it is the only way left to sign in. */
    disconnectSocial(userId: number, provider: SocialProviderId): Effect.Effect<void, Failure, Em>
    /** A signed-in user: applies for an organiser account and e-mails the super users (pending afterwards). */
    applyAsOrganiser(
      userId: number,
      kind: OrganiserApplication['kind'],
      input: unknown,
    ): Effect.Effect<CurrentUser, Failure | InvalidInput, Em>
    /** The holder of an e-mailed decision link: what the application is (1013 when the link is unknown or expired). */
    viewOrganiserDecision(token: string): Effect.Effect<OrganiserApplicationView, Failure, Em>
    /** The holder of an e-mailed decision link: accepts (3) or declines (2) and tells the applicant. */
    decideOrganiser(token: string, status: number): Effect.Effect<OrganiserApplicationView, Failure, Em>
    /** A signed-in user: their profile for the settings screens. */
    profileData(userId: number): Effect.Effect<ProfileData, Failure, Em>
    /**
     * A signed-in user: one change of spec kinds 1–14 (1008 wrong current password, throttled after five;
     * 1015 e-mail locked). An e-mail change only mails a confirmation link to the new address.
     */
    changeProfile(
      userId: number,
      kind: ProfileChangeKind,
      input: unknown,
      sessionToken?: string,
    ): Effect.Effect<ProfileData, Failure | InvalidInput | Throttled, Em>
    /**
     * A signed-in user: replaces the avatar with `bytes` (re-encoded, metadata dropped) or removes it (null);
     * InvalidInput names `avatar` for a file that is not a usable image.
     */
    changeAvatar(
      userId: number,
      bytes: Uint8Array | null,
    ): Effect.Effect<ProfileData, Failure | InvalidInput, Em>
    /** The holder of the link mailed to a new address: which address it would confirm (1013 when dead). */
    viewEmailChange(token: string): Effect.Effect<{ readonly newEmail: string }, Failure, Em>
    /** The holder of the link mailed to a new address: makes it the account's e-mail (1013, 1001). */
    confirmEmail(
      token: string,
    ): Effect.Effect<{ readonly userId: number; readonly email: string }, Failure, Em>
    /** Anyone: a player's public profile (1014 for an unknown, inactive or banned user). */
    publicProfile(userId: number): Effect.Effect<PublicProfile, Failure, Em>
    /** Anyone: an accepted organiser's public profile (1014 otherwise). */
    publicOrganiserProfile(organiserId: number): Effect.Effect<PublicOrganiserProfile, Failure, Em>
  }
>()('@kibitz/accounts/AccountService') {
  static readonly layer = Layer.effect(
    AccountService,
    Effect.gen(function* () {
      const config = yield* AccountsConfig
      const outbox = yield* Outbox
      const social = yield* SocialAuth
      const images = yield* ImageStore
      const lookups = yield* LookupService
      // The decoy an unknown address is checked against is made now, not on the first such login (which would
      // then take two hashes' time).
      yield* decoyHash()

      const link = (path: string) => `${config.publicUrl}${path}`

      const mail = (to: Repo.User, message: AccountMail, address = to.email) =>
        Effect.gen(function* () {
          const language = resolveInterfaceLocale(to.language)
          const rendered = renderAccountMail(message, language)
          yield* outbox.enqueue(
            new MailMessage({
              to: address,
              subject: rendered.subject,
              text: rendered.text,
              html: rendered.html,
              kind: `accounts.${message.kind}`,
              language,
            }),
          )
        })

      // --- throttling: counted attempts per key in a sliding window

      /**
       * Counts this attempt first, then refuses it when the window already held `limit` earlier attempts, so
       * concurrent requests cannot all pass one check. Returns the attempt's id, for `forgive`.
       */
      const reserve = Effect.fn('AccountService.reserve')(function* (
        scope: string,
        key: string,
        limit: number,
      ) {
        const counted = yield* countAttempt(scope, key, limit, AccountLimits.windowMs)
        if (counted.allowed) return counted.id
        return yield* new Throttled({ retryAfterSeconds: counted.retryAfterSeconds })
      })

      /** Takes back attempts that turned out not to be failures (a right password). */
      const forgive = (ids: ReadonlyArray<string>) => Repo.removeAttempts(ids)

      /** Reserves one attempt under each limit in turn; a refusal takes back the ones already counted. */
      const reserveAll = Effect.fn('AccountService.reserveAll')(function* (
        limits: ReadonlyArray<readonly [scope: string, key: string, limit: number]>,
      ) {
        const ids: Array<string> = []
        for (const [scope, key, limit] of limits) {
          ids.push(yield* reserve(scope, key, limit).pipe(Effect.tapError(() => forgive(ids))))
        }
        return ids
      })

      // --- known devices (OWASP's device cookies, docs/decisions/028-sign-in-throttling.md)

      /** The hash of a device token as the browser sent it; anything not shaped like our tokens is no device. */
      const deviceHash = (request: RequestInfo) =>
        request.device !== undefined && /^[A-Za-z0-9_-]{20,100}$/.test(request.device)
          ? tokenHash(request.device)
          : null

      /**
       * Names the user as known on the browser: the token it sent when some account still remembers it (one
       * browser, several accounts), else a new one. Answers the token for the device cookie.
       */
      const rememberDevice = Effect.fn('AccountService.rememberDevice')(function* (
        user: Repo.User,
        request: RequestInfo,
      ) {
        const at = yield* now
        const sent = deviceHash(request)
        const keep =
          request.device !== undefined && sent !== null && (yield* Repo.isRememberedDevice(sent, at))
        const device = keep && request.device !== undefined ? request.device : newToken()
        yield* Repo.rememberDevice(tokenHash(device), user.id, at, AccountLimits.knownDeviceMs)
        return device
      })

      // --- sessions

      const openSession = Effect.fn('AccountService.openSession')(function* (
        user: Repo.User,
        request: RequestInfo,
      ) {
        const token = newToken()
        yield* Repo.createSession({
          hash: tokenHash(token),
          userId: user.id,
          now: yield* now,
          idleMs: AccountLimits.sessionIdleMs,
          absoluteMs: AccountLimits.sessionAbsoluteMs,
          ip: request.ip,
          userAgent: request.userAgent,
        })
        const organiser = yield* Repo.findOrganiserOfUser(user.id)
        const device = yield* rememberDevice(user, request)
        return { token, device, user: currentUser(user, organiser) }
      })

      const sendActivation = Effect.fn('AccountService.sendActivation')(function* (user: Repo.User) {
        const token = newToken()
        yield* Repo.createToken({
          hash: tokenHash(token),
          purpose: TokenPurpose.activation,
          userId: user.id,
          now: yield* now,
          validMs: AccountLimits.activationValidMs,
        })
        yield* mail(user, {
          kind: 'activation',
          // The address is not proven yet: nothing the sign-up form let anyone type goes to it.
          firstName: '',
          link: link(`/activate-user/${token}`),
        })
      })

      const register = Effect.fn('AccountService.register')(function* (input: unknown, request: RequestInfo) {
        const form = yield* validate(SignUpInput, input).pipe(
          // Spec 1007: a sign-up that is complete but for the accepted rules is refused with its own code.
          Effect.catchTag(
            'InvalidInput',
            (invalid): Effect.Effect<never, AccountFailure | InvalidInput> =>
              Object.keys(invalid.errors).length === 1 && invalid.errors.acceptRules
                ? fail(ErrorCode.rulesNotAccepted, 'acceptRules')
                : Effect.fail(invalid),
          ),
        )
        const email = normaliseEmail(form.email)
        // Every complete sign-up counts, refused ones included: 1001 answers must not become an oracle.
        yield* reserve('signup-ip', request.ip, AccountLimits.signUpsPerWindow)
        const at = yield* now
        const passwordHash = yield* hashPassword(form.password)
        return yield* inTransaction(
          Effect.gen(function* () {
            if (yield* Repo.findUserByEmail(email)) return yield* fail(ErrorCode.emailExists, 'email')
            const user = yield* Repo.createUser({
              email,
              passwordHash,
              firstName: form.firstName,
              lastName: form.lastName,
              language: request.language,
              activatedAt: null,
              rulesAcceptedAt: at,
            }).pipe(Effect.catchTag('Duplicate', () => fail(ErrorCode.emailExists, 'email')))
            yield* sendActivation(user)
            return { userId: user.id }
          }),
        )
      })

      const activate = Effect.fn('AccountService.activate')(function* (token: string) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const row = yield* Repo.findTokenForUpdate(tokenHash(token), TokenPurpose.activation)
            const at = yield* now
            if (!row || row.expiresAt.getTime() < at.getTime())
              return yield* fail(ErrorCode.resetTokenExpired)
            const user = yield* Repo.findUserById(row.userId)
            if (!user) return yield* fail(ErrorCode.userNotFound)
            // Following the link twice is harmless: the second time the account is simply already active.
            row.usedAt ??= at
            user.activatedAt ??= at
            yield* Repo.flush()
            return { userId: user.id }
          }),
        )
      })

      const login = Effect.fn('AccountService.login')(function* (input: unknown, request: RequestInfo) {
        const form = yield* validate(LoginInput, input)
        const email = normaliseEmail(form.email)
        const user = yield* Repo.findUserByEmail(email)
        const sent = deviceHash(request)
        // The lookup runs for an unknown address too (with an id that names nobody): anyone can send a
        // well-formed cookie, and a lookup made only for real accounts would make them answer measurably slower.
        const known = sent !== null && (yield* Repo.isKnownDevice(sent, user?.id ?? 0, yield* now))
        const knownDevice = known && user !== null ? `${user.id} ${sent}` : null
        // A browser this account signed in from answers only for its own failures, so strangers failing from
        // anywhere never lock the owner out of it. Any other client counts for the account from its address
        // (one guesser), for its address (sized for a venue's shared one) and for the account (a guesser
        // spread over many addresses).
        const pairKey = `${email} ${request.ip}`
        const counted =
          knownDevice === null
            ? yield* reserveAll([
                ['login-pair', pairKey, AccountLimits.failedLoginsPerAccountAndAddress],
                ['login-ip', request.ip, AccountLimits.failedLoginsPerAddress],
                ['login-account', email, AccountLimits.failedLoginsPerAccount],
              ])
            : [yield* reserve('login-device', knownDevice, AccountLimits.failedLoginsPerDevice)]
        // An unknown address (or an account without a password) is checked against a decoy hash: the same
        // Argon2 work either way.
        const matches = yield* verifyPassword(form.password, user?.passwordHash ?? (yield* decoyHash()))
        // A failure keeps the counted attempts; the right password takes them back.
        if (!user?.passwordHash || !matches) return yield* fail(ErrorCode.badCredentials)
        yield* forgive(counted)
        // The owner's own typos from this address or device stop counting; strangers' failures elsewhere stay.
        yield* knownDevice === null
          ? Repo.clearAttempts('login-pair', pairKey)
          : Repo.clearAttempts('login-device', knownDevice)
        // Only someone who knows the password learns that the account is banned or inactive.
        if (user.bannedAt) return yield* fail(ErrorCode.banned)
        if (!user.activatedAt) {
          const at = yield* now
          const recent = yield* Repo.hasRecentToken(
            user.id,
            TokenPurpose.activation,
            new Date(at.getTime() - AccountLimits.activationResendAfterMs),
          )
          if (!recent) yield* inTransaction(sendActivation(user))
          return yield* fail(ErrorCode.notActivated)
        }
        return yield* openSession(user, request)
      })

      const authenticate = Effect.fn('AccountService.authenticate')(function* (token: string) {
        const hash = tokenHash(token)
        const session = yield* Repo.findSession(hash)
        const at = yield* now
        if (!session || session.revokedAt || session.expiresAt.getTime() <= at.getTime()) {
          return yield* fail(ErrorCode.sessionEnded)
        }
        const user = yield* Repo.findUserById(session.userId)
        if (!user || user.bannedAt) return yield* fail(ErrorCode.sessionEnded)
        // Sliding expiry, written at most every few minutes so reads stay reads.
        if (at.getTime() - session.lastSeenAt.getTime() > AccountLimits.sessionTouchMs) {
          session.lastSeenAt = at
          session.expiresAt = new Date(
            Math.min(at.getTime() + AccountLimits.sessionIdleMs, session.absoluteExpiresAt.getTime()),
          )
          yield* Repo.flush()
        }
        return currentUser(user, yield* Repo.findOrganiserOfUser(user.id))
      })

      const logout = Effect.fn('AccountService.logout')(function* (token: string) {
        yield* Repo.revokeSession(tokenHash(token), yield* now)
      })

      const forgotPassword = Effect.fn('AccountService.forgotPassword')(function* (
        input: unknown,
        request: RequestInfo,
      ) {
        const form = yield* validate(ForgotInput, input)
        yield* reserve('reset-ip', request.ip, AccountLimits.resetRequestsPerWindow)
        // One insert whatever the address: the answer takes the same time whether it has an account or not,
        // so its timing tells nobody which addresses are registered. The worker mails the link.
        yield* Repo.requestReset(normaliseEmail(form.email), yield* now)
      })

      /** Mails a reset link for one queued request, if the address belongs to an account that may have one. */
      const sendReset = Effect.fn('AccountService.sendReset')(function* (email: string) {
        const user = yield* Repo.findUserByEmail(email)
        if (!user || user.bannedAt) return
        // One address cannot be flooded with reset mail either.
        const flooded = yield* reserve('reset-account', email, AccountLimits.resetRequestsPerWindow).pipe(
          Effect.as(false),
          Effect.catchTag('Throttled', () => Effect.succeed(true)),
        )
        if (flooded) return
        const at = yield* now
        yield* Repo.voidTokens(user.id, TokenPurpose.passwordReset, at)
        const token = newToken()
        yield* Repo.createToken({
          hash: tokenHash(token),
          purpose: TokenPurpose.passwordReset,
          userId: user.id,
          now: at,
          validMs: AccountLimits.resetValidMs,
        })
        yield* mail(user, {
          kind: 'passwordReset',
          // A never-activated address was never proven: no user-typed text goes to it.
          firstName: user.activatedAt ? (user.firstName ?? '') : '',
          link: link(`/forgot-password/${token}`),
          validHours: AccountLimits.resetValidMs / hour,
        })
      })

      const sendRequestedResets = Effect.fn('AccountService.sendRequestedResets')(function* (limit: number) {
        let taken = 0
        while (taken < limit) {
          // One transaction per request: a worker that dies midway leaves it queued for the next one, and one
          // that cannot be mailed rolls back only itself, never the requests queued after it.
          const outcome = yield* inTransaction(
            Effect.gen(function* () {
              const request = yield* Repo.takeResetRequest()
              if (!request) return 'none' as const
              yield* sendReset(request.email).pipe(
                Effect.catchDefect((defect) =>
                  Effect.fail(new ResetNotMailed({ requestId: request.id, defect })),
                ),
              )
              return 'handled' as const
            }),
          ).pipe(
            // Retried first, it would fail again and hold back every reset behind it: logged and dropped (the
            // owner can ask again).
            Effect.catchTag('ResetNotMailed', (failed) =>
              Effect.gen(function* () {
                yield* Effect.logError(
                  'accounts: a password reset request could not be mailed and was dropped',
                  {
                    requestId: failed.requestId,
                    defect: failed.defect,
                  },
                )
                yield* Repo.dropResetRequest(failed.requestId)
                return 'dropped' as const
              }),
            ),
          )
          if (outcome === 'none') break
          taken++
        }
        return taken
      })

      const usableToken = (row: { expiresAt: Date; usedAt?: Date | null } | null, at: Date) =>
        row !== null && !row.usedAt && row.expiresAt.getTime() > at.getTime()

      const checkResetToken = Effect.fn('AccountService.checkResetToken')(function* (token: string) {
        const row = yield* Repo.findToken(tokenHash(token), TokenPurpose.passwordReset)
        if (!usableToken(row, yield* now)) return yield* fail(ErrorCode.resetTokenExpired)
      })

      const resetPassword = Effect.fn('AccountService.resetPassword')(function* (
        token: string,
        input: unknown,
        request: RequestInfo,
      ) {
        const form = yield* validate(ResetInput, input)
        // Only a live link is worth an Argon2 hash: anyone can post to a made-up link.
        const live = yield* Repo.findToken(tokenHash(token), TokenPurpose.passwordReset)
        if (!usableToken(live, yield* now)) return yield* fail(ErrorCode.resetTokenExpired)
        const passwordHash = yield* hashPassword(form.password)
        return yield* inTransaction(
          Effect.gen(function* () {
            const at = yield* now
            const row = yield* Repo.findTokenForUpdate(tokenHash(token), TokenPurpose.passwordReset)
            if (!row || !usableToken(row, at)) return yield* fail(ErrorCode.resetTokenExpired)
            const user = yield* Repo.findUserById(row.userId)
            if (!user) return yield* fail(ErrorCode.userNotFound)
            row.usedAt = at
            user.passwordHash = passwordHash
            // The link proved the e-mail address, so an account never activated becomes active.
            user.activatedAt ??= at
            user.updatedAt = at
            yield* Repo.flush()
            yield* Repo.revokeSessionsOf(user.id, at)
            // The owner proved the mailbox: whatever strangers counted against the account is void, and this
            // browser becomes a known device, which strangers' failures never lock.
            yield* Repo.clearAccountAttempts(user.email, user.id)
            return { device: yield* rememberDevice(user, request) }
          }),
        )
      })

      // --- social accounts

      const socialProfile = (provider: SocialProviderId, credential: SocialCredential) =>
        'accessToken' in credential
          ? social.profileFromAccessToken(provider, credential.accessToken)
          : social.complete(provider, credential)

      const beginSocial = Effect.fn('AccountService.beginSocial')(function* (
        provider: SocialProviderId,
        redirectUri: string,
      ) {
        return yield* social
          .begin(provider, redirectUri)
          .pipe(Effect.catchTag('SocialFailure', () => fail(ErrorCode.socialLoginFailed)))
      })

      const socialLogin = Effect.fn('AccountService.socialLogin')(function* (
        provider: SocialProviderId,
        credential: SocialCredential,
        options: RequestInfo & { readonly acceptRules: boolean },
      ) {
        const profile: SocialProfile = yield* socialProfile(provider, credential).pipe(
          Effect.catchTag('SocialFailure', (failure: SocialFailure) =>
            Effect.andThen(
              Effect.logWarning('social login failed', failure.provider, failure.reason, failure.detail),
              fail(ErrorCode.socialLoginFailed),
            ),
          ),
        )
        return yield* inTransaction(
          Effect.gen(function* () {
            const identity = yield* Repo.findIdentity(provider, profile.subject)
            if (identity) {
              const user = yield* Repo.findUserById(identity.userId)
              if (!user) return yield* fail(ErrorCode.userNotFound)
              if (user.bannedAt) return yield* fail(ErrorCode.banned)
              return { ...(yield* openSession(user, options)), created: false }
            }
            if (!profile.email) return yield* fail(ErrorCode.socialEmailMissing)
            const email = normaliseEmail(profile.email)
            // Never link by e-mail silently: whoever controls that provider account would take over ours.
            if (yield* Repo.findUserByEmail(email)) return yield* fail(ErrorCode.emailExistsSocial)
            if (!options.acceptRules) return yield* fail(ErrorCode.rulesNotAccepted, 'acceptRules')
            const at = yield* now
            const user = yield* Repo.createUser({
              email,
              passwordHash: null,
              firstName: profile.firstName?.slice(0, 100) ?? null,
              lastName: profile.lastName?.slice(0, 100) ?? null,
              language: options.language,
              activatedAt: at,
              rulesAcceptedAt: at,
            }).pipe(Effect.catchTag('Duplicate', () => fail(ErrorCode.emailExistsSocial)))
            yield* Repo.addIdentity({
              userId: user.id,
              provider,
              subject: profile.subject,
              email,
              now: at,
            }).pipe(
              // The same provider account signed up twice at once: the other request won.
              Effect.catchTag('Duplicate', () => fail(ErrorCode.socialLoginFailed)),
            )
            return { ...(yield* openSession(user, options)), created: true }
          }),
        )
      })

      const connectSocial = Effect.fn('AccountService.connectSocial')(function* (
        userId: number,
        provider: SocialProviderId,
        credential: SocialCredential,
      ) {
        const profile: SocialProfile = yield* socialProfile(provider, credential).pipe(
          Effect.catchTag('SocialFailure', () => fail(ErrorCode.socialConnectFailed)),
        )
        if (!profile.email && provider === SocialProvider.facebook)
          return yield* fail(ErrorCode.facebookNoEmail)
        yield* inTransaction(
          Effect.gen(function* () {
            const user = yield* Repo.findUserById(userId)
            if (!user) return yield* fail(ErrorCode.userNotFound)
            const identity = yield* Repo.findIdentity(provider, profile.subject)
            const own = yield* Repo.identitiesOf(userId)
            if (identity || own.some((i) => i.provider === provider)) {
              return yield* fail(ErrorCode.socialAlreadyConnected)
            }
            if (profile.email) {
              const holder = yield* Repo.findUserByEmail(normaliseEmail(profile.email))
              if (holder && holder.id !== userId) return yield* fail(ErrorCode.socialConnectEmailExists)
            }
            yield* Repo.addIdentity({
              userId,
              provider,
              subject: profile.subject,
              email: profile.email ? normaliseEmail(profile.email) : null,
              now: yield* now,
            }).pipe(Effect.catchTag('Duplicate', () => fail(ErrorCode.socialAlreadyConnected)))
          }),
        )
      })

      const disconnectSocial = Effect.fn('AccountService.disconnectSocial')(function* (
        userId: number,
        provider: SocialProviderId,
      ) {
        // The user row stays locked, so two disconnects at once cannot both pass the last-way-in check.
        yield* inTransaction(
          Effect.gen(function* () {
            const user = yield* Repo.findUserForUpdate(userId)
            if (!user) return yield* fail(ErrorCode.userNotFound)
            const own = yield* Repo.identitiesOf(userId)
            if (!own.some((i) => i.provider === provider)) return
            // The last way in cannot be removed: set a password first.
            if (!user.passwordHash && own.length === 1)
              return yield* fail(ErrorCode.socialConnectFailed, 'provider')
            yield* Repo.removeIdentity(userId, provider)
          }),
        )
      })

      const viewEmailChange = Effect.fn('AccountService.viewEmailChange')(function* (token: string) {
        const row = yield* Repo.findToken(tokenHash(token), TokenPurpose.emailChange)
        if (!row?.email || !usableToken(row, yield* now)) return yield* fail(ErrorCode.resetTokenExpired)
        return { newEmail: row.email }
      })

      const confirmEmail = Effect.fn('AccountService.confirmEmail')(function* (token: string) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const at = yield* now
            const row = yield* Repo.findTokenForUpdate(tokenHash(token), TokenPurpose.emailChange)
            if (!row?.email || !usableToken(row, at)) return yield* fail(ErrorCode.resetTokenExpired)
            const user = yield* Repo.findUserForUpdate(row.userId)
            if (!user) return yield* fail(ErrorCode.userNotFound)
            // The account may have become the configured super user since the link was sent.
            if (emailLocked(user)) return yield* fail(ErrorCode.emailChangeNotAllowed, 'email')
            const holder = yield* Repo.findUserByEmail(row.email)
            if (holder && holder.id !== user.id) return yield* fail(ErrorCode.emailExists, 'email')
            const previous = user.email
            user.email = row.email
            user.updatedAt = at
            row.usedAt = at
            yield* Repo.flushUnique().pipe(
              Effect.catchTag('Duplicate', () => fail(ErrorCode.emailExists, 'email')),
            )
            // Links mailed to the old address must not outlive the change.
            for (const purpose of [
              TokenPurpose.passwordReset,
              TokenPurpose.activation,
              TokenPurpose.emailChange,
            ]) {
              yield* Repo.voidTokens(user.id, purpose, at)
            }
            yield* mail(
              user,
              { kind: 'emailChanged', firstName: user.firstName ?? '', newEmail: user.email },
              previous,
            )
            return { userId: user.id, email: user.email }
          }),
        )
      })

      // --- organisers

      const applyAsOrganiser = Effect.fn('AccountService.applyAsOrganiser')(function* (
        userId: number,
        kind: OrganiserApplication['kind'],
        input: unknown,
      ) {
        const fields =
          kind === 'company'
            ? yield* Effect.map(validate(CompanyApplication, input), (d) => ({
                type: OrganiserKind.company,
                name: d.companyName,
                firstName: null,
                lastName: null,
                companyCode: d.companyCode,
                vatNumber: d.vatNumber ?? null,
                countryCode: d.countryCode,
                phone: d.phone,
                websiteUrl: d.websiteUrl ?? null,
              }))
            : yield* Effect.map(validate(IndividualApplication, input), (d) => ({
                type: OrganiserKind.individual,
                name: `${d.firstName} ${d.lastName}`.slice(0, 200),
                firstName: d.firstName,
                lastName: d.lastName,
                companyCode: null,
                vatNumber: null,
                countryCode: d.countryCode,
                phone: d.phone,
                websiteUrl: d.websiteUrl ?? null,
              }))
        return yield* inTransaction(
          Effect.gen(function* () {
            // The user row stays locked: two applications sent at once run one after the other.
            const user = yield* Repo.findUserForUpdate(userId)
            if (!user) return yield* fail(ErrorCode.userNotFound)
            let organiser = yield* Repo.findOrganiserOfUser(userId)
            // A pending or accepted application stands as it is; a declined one may apply again.
            if (organiser && organiser.status !== OrganiserStatus.declined)
              return currentUser(user, organiser)
            if (organiser) {
              Object.assign(organiser, fields, { status: OrganiserStatus.pending, decidedAt: null })
              yield* Repo.flush()
            } else {
              // The lock above rules out a second row; a clash would mean a writer outside this service.
              organiser = yield* Repo.createOrganiser({ ...fields, userId, email: user.email }).pipe(
                Effect.catchTag('Duplicate', () => fail(ErrorCode.unknown)),
              )
            }
            user.isCompany = fields.type === OrganiserKind.company
            if (fields.type === OrganiserKind.company) user.companyName = fields.name
            yield* Repo.flush()
            const token = newToken()
            const at = yield* now
            yield* Repo.createToken({
              hash: tokenHash(token),
              purpose: TokenPurpose.organiserDecision,
              userId,
              organiserId: organiser.id,
              now: at,
              validMs: AccountLimits.decisionValidMs,
            })
            for (const admin of yield* Repo.superUsers()) {
              yield* mail(admin, {
                kind: 'organiserApplication',
                applicantName: displayName(user),
                applicantEmail: user.email,
                organiserKind: fields.type === OrganiserKind.company ? 'company' : 'individual',
                organiserName: fields.name,
                country: fields.countryCode,
                phone: fields.phone,
                website: fields.websiteUrl,
                acceptLink: link(`/register-organizer/status/${OrganiserStatus.accepted}/${token}`),
                declineLink: link(`/register-organizer/status/${OrganiserStatus.declined}/${token}`),
              })
            }
            return currentUser(user, organiser)
          }),
        )
      })

      const applicationView = (organiser: Repo.Organiser, user: Repo.User) =>
        new OrganiserApplicationView({
          organizerId: organiser.id,
          type: organiser.type,
          name: organiser.name,
          applicantEmail: user.email,
          countryCode: organiser.countryCode ?? null,
          phone: organiser.phone ?? null,
          websiteUrl: organiser.websiteUrl ?? null,
          status: organiser.status,
        })

      const decisionTarget = Effect.fn('AccountService.decisionTarget')(function* (
        token: string,
        lock: boolean,
      ) {
        const hash = tokenHash(token)
        const row = lock
          ? yield* Repo.findTokenForUpdate(hash, TokenPurpose.organiserDecision)
          : yield* Repo.findToken(hash, TokenPurpose.organiserDecision)
        const at = yield* now
        if (!row?.organiserId || row.expiresAt.getTime() <= at.getTime()) {
          return yield* fail(ErrorCode.resetTokenExpired)
        }
        const organiser = yield* Repo.findOrganiser(row.organiserId)
        const user = yield* Repo.findUserById(row.userId)
        if (!organiser || !user) return yield* fail(ErrorCode.userNotFound)
        return { row, organiser, user, at }
      })

      const viewOrganiserDecision = Effect.fn('AccountService.viewOrganiserDecision')(function* (
        token: string,
      ) {
        const { organiser, user } = yield* decisionTarget(token, false)
        return applicationView(organiser, user)
      })

      const decideOrganiser = Effect.fn('AccountService.decideOrganiser')(function* (
        token: string,
        status: number,
      ) {
        if (status !== OrganiserStatus.accepted && status !== OrganiserStatus.declined) {
          return yield* fail(ErrorCode.unknown, 'status')
        }
        return yield* inTransaction(
          Effect.gen(function* () {
            const { row, organiser, user, at } = yield* decisionTarget(token, true)
            // The first decision stands; the same link followed again (or by another admin) only reports it.
            if (row.usedAt || organiser.status !== OrganiserStatus.pending)
              return applicationView(organiser, user)
            row.usedAt = at
            organiser.status = status
            organiser.decidedAt = at
            yield* Repo.flush()
            yield* mail(
              user,
              status === OrganiserStatus.accepted
                ? {
                    kind: 'organiserAccepted',
                    firstName: user.firstName ?? '',
                    link: link('/profile-settings-organizer'),
                  }
                : { kind: 'organiserDeclined', firstName: user.firstName ?? '' },
            )
            return applicationView(organiser, user)
          }),
        )
      })

      // --- profiles

      const emailLocked = (user: Repo.User) =>
        user.email === normaliseEmail(config.adminEmail) ||
        user.passwordHash === null ||
        user.passwordHash === undefined

      const profileData = Effect.fn('AccountService.profileData')(function* (userId: number) {
        const user = yield* Repo.findUserById(userId)
        if (!user) return yield* fail(ErrorCode.userNotFound)
        const organiser = yield* Repo.findOrganiserOfUser(userId)
        const identities = yield* Repo.identitiesOf(userId)
        return new ProfileData({
          user: currentUser(user, organiser),
          phone: user.phone ?? null,
          description: user.description ?? null,
          languages: [...user.languages],
          currencyId: user.currencyId ?? null,
          idProvider: user.idProvider ?? null,
          idNumber: user.idNumber ?? null,
          hasPassword: Boolean(user.passwordHash),
          canChangeEmail: !emailLocked(user),
          pendingEmail: yield* Repo.pendingEmailOf(userId, yield* now),
          socialProviders: identities.map((i) => i.provider),
        })
      })

      const changeProfile = Effect.fn('AccountService.changeProfile')(function* (
        userId: number,
        kind: ProfileChangeKind,
        input: unknown,
        sessionToken?: string,
      ) {
        const user = yield* Repo.findUserById(userId)
        if (!user) return yield* fail(ErrorCode.userNotFound)
        const at = yield* now
        const organiser = organiserChangeKinds.includes(kind) ? yield* Repo.findOrganiserOfUser(userId) : null
        // Organiser details are edited by an accepted organiser (spec section 4), not while pending.
        if (organiserChangeKinds.includes(kind) && organiser?.status !== OrganiserStatus.accepted) {
          return yield* fail(ErrorCode.userNotFound)
        }
        /** The current password, checked at most five times in 15 minutes (a stolen session must not guess it). */
        const checkPassword = (given: string | undefined) =>
          Effect.gen(function* () {
            if (!user.passwordHash) return
            const attempt = yield* reserve(
              'password-check',
              String(userId),
              AccountLimits.passwordChecksPerWindow,
            )
            if (!given || !(yield* verifyPassword(given, user.passwordHash))) {
              return yield* fail(ErrorCode.initialPasswordIncorrect, 'currentPassword')
            }
            yield* forgive([attempt])
          })
        switch (kind) {
          case 1: {
            const form = yield* validate(profileChangeForms[1], input)
            yield* checkPassword(form.currentPassword)
            user.passwordHash = yield* hashPassword(form.newPassword)
            yield* Repo.revokeSessionsOf(userId, at, sessionToken ? tokenHash(sessionToken) : undefined)
            yield* Repo.voidTokens(userId, TokenPurpose.passwordReset, at)
            break
          }
          case 2:
            user.phone = (yield* validate(profileChangeForms[2], input)).phone
            break
          case 3:
            user.description = (yield* validate(profileChangeForms[3], input)).description ?? null
            break
          case 4:
            user.languages = [...new Set((yield* validate(profileChangeForms[4], input)).languages)]
            break
          case 5: {
            const { currencyId } = yield* validate(profileChangeForms[5], input)
            // The currencies are the kernel's reference data.
            if (!(yield* lookups.currencies(false)).some((c) => c.id === currencyId)) {
              return yield* new InvalidInput({
                errors: { currencyId: { rule: 'required', message: 'The currencyId is required' } },
              })
            }
            user.currencyId = currencyId
            break
          }
          case 6: {
            const form = yield* validate(profileChangeForms[6], input)
            user.idProvider = form.idProvider
            user.idNumber = form.idNumber
            break
          }
          case 7: {
            if (emailLocked(user)) return yield* fail(ErrorCode.emailChangeNotAllowed, 'email')
            const form = yield* validate(profileChangeForms[7], input)
            yield* checkPassword(form.currentPassword)
            const email = normaliseEmail(form.email)
            if (email === user.email) break
            if (yield* Repo.findUserByEmail(email)) return yield* fail(ErrorCode.emailExists, 'email')
            // Every request mails a stranger's address: five per 15 minutes, right password or not.
            yield* reserve('email-change', String(userId), AccountLimits.emailChangesPerWindow)
            // Nothing changes until the new address proves it reaches its owner (confirmEmail).
            yield* inTransaction(
              Effect.gen(function* () {
                // Locked, so two requests at once cannot both leave a live link.
                yield* Repo.findUserForUpdate(userId)
                yield* Repo.voidTokens(userId, TokenPurpose.emailChange, at)
                const token = newToken()
                yield* Repo.createToken({
                  hash: tokenHash(token),
                  purpose: TokenPurpose.emailChange,
                  userId,
                  email,
                  now: at,
                  validMs: AccountLimits.emailChangeValidMs,
                })
                yield* mail(
                  user,
                  {
                    kind: 'emailConfirm',
                    // The new address is not proven yet: no user-typed text goes to it.
                    firstName: '',
                    newEmail: email,
                    link: link(`/confirm-email/${token}`),
                    validHours: AccountLimits.emailChangeValidMs / hour,
                  },
                  email,
                )
              }),
            )
            break
          }
          default: {
            if (!organiser) return yield* fail(ErrorCode.userNotFound)
            yield* changeOrganiser(organiser, user, kind, input)
          }
        }
        user.updatedAt = at
        yield* Repo.flush()
        return yield* profileData(userId)
      })

      const changeOrganiser = Effect.fn('AccountService.changeOrganiser')(function* (
        organiser: Repo.Organiser,
        user: Repo.User,
        kind: ProfileChangeKind,
        input: unknown,
      ) {
        switch (kind) {
          case 8: {
            const { companyName } = yield* validate(profileChangeForms[8], input)
            if (organiser.type === OrganiserKind.company) organiser.name = companyName
            user.companyName = companyName
            break
          }
          case 9:
            organiser.companyCode = (yield* validate(profileChangeForms[9], input)).companyCode
            break
          case 10:
            organiser.countryCode = (yield* validate(profileChangeForms[10], input)).countryCode
            break
          case 11:
            organiser.vatNumber = (yield* validate(profileChangeForms[11], input)).vatNumber
            break
          case 12:
            organiser.websiteUrl = (yield* validate(profileChangeForms[12], input)).websiteUrl
            break
          case 13:
            organiser.firstName = (yield* validate(profileChangeForms[13], input)).firstName
            break
          case 14:
            organiser.lastName = (yield* validate(profileChangeForms[14], input)).lastName
            break
          default:
            return
        }
        if (organiser.type === OrganiserKind.individual && (kind === 13 || kind === 14)) {
          organiser.name = [organiser.firstName, organiser.lastName].filter(Boolean).join(' ').slice(0, 200)
        }
      })

      const changeAvatar = Effect.fn('AccountService.changeAvatar')(function* (
        userId: number,
        bytes: Uint8Array | null,
      ) {
        const user = yield* Repo.findUserById(userId)
        if (!user) return yield* fail(ErrorCode.userNotFound)
        const previous = [user.avatarUrl, user.avatarThumbUrl].filter((url): url is string => Boolean(url))
        if (bytes) {
          const stored = yield* images.storeAvatar(userId, bytes).pipe(
            Effect.mapError(
              (rejected) =>
                new InvalidInput({
                  errors: {
                    avatar:
                      rejected.reason === 'tooLarge'
                        ? { rule: 'fileTooLarge', message: 'The avatar is too large' }
                        : {
                            rule: 'notAnImage',
                            message: 'The avatar must be a JPEG, PNG, WebP, GIF or AVIF image',
                          },
                  },
                }),
            ),
          )
          user.avatarUrl = stored.url
          user.avatarThumbUrl = stored.thumbUrl
        } else {
          user.avatarUrl = null
          user.avatarThumbUrl = null
        }
        user.updatedAt = yield* now
        yield* Repo.flush()
        // The old files go only once the row points elsewhere.
        yield* images.removeAvatar(previous)
        return yield* profileData(userId)
      })

      const publicProfile = Effect.fn('AccountService.publicProfile')(function* (userId: number) {
        const user = yield* Repo.findUserById(userId)
        if (!user || user.bannedAt || !user.activatedAt) return yield* fail(ErrorCode.userNotFound)
        const organiser = yield* Repo.findOrganiserOfUser(userId)
        return new PublicProfile({
          id: user.id,
          avatar: user.avatarUrl ?? null,
          firstName: user.firstName ?? null,
          lastName: user.lastName ?? null,
          description: user.description ?? null,
          languages: [...user.languages],
          memberSince: isoDay(user.createdAt),
          organizerId: organiser?.status === OrganiserStatus.accepted ? organiser.id : null,
        })
      })

      const publicOrganiserProfile = Effect.fn('AccountService.publicOrganiserProfile')(function* (
        organiserId: number,
      ) {
        const organiser = yield* Repo.findOrganiser(organiserId)
        if (!organiser || organiser.status !== OrganiserStatus.accepted)
          return yield* fail(ErrorCode.userNotFound)
        const user = yield* Repo.findUserById(organiser.userId)
        if (!user || user.bannedAt) return yield* fail(ErrorCode.userNotFound)
        return new PublicOrganiserProfile({
          organizerId: organiser.id,
          type: organiser.type,
          name: organiser.name,
          countryCode: organiser.countryCode ?? null,
          websiteUrl: organiser.websiteUrl ?? null,
          email: organiser.email ?? null,
          phone: organiser.phone ?? null,
          description: user.description ?? null,
          memberSince: isoDay(organiser.createdAt),
        })
      })

      return AccountService.of({
        register,
        activate,
        login,
        authenticate,
        logout,
        forgotPassword,
        sendRequestedResets,
        checkResetToken,
        resetPassword,
        socialProviders: () => social.providers(),
        beginSocial,
        socialLogin,
        connectSocial,
        disconnectSocial,
        applyAsOrganiser,
        viewOrganiserDecision,
        decideOrganiser,
        profileData,
        changeProfile,
        changeAvatar,
        viewEmailChange,
        confirmEmail,
        publicProfile,
        publicOrganiserProfile,
      })
    }),
  )
}
