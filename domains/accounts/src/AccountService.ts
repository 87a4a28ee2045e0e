import { ImageStore } from '@kibitz/files'
import {
  type Em,
  ErrorCode,
  inTransaction,
  LookupService,
  type OrganiserId,
  Outbox,
  UserId,
} from '@kibitz/kernel'
import { Context, Effect, Layer } from 'effect'
import {
  type AccountFailure,
  type CurrentUser,
  type InvalidInput,
  LoginInput,
  type OrganiserApplication,
  type OrganiserApplicationView,
  type ProfileChangeKind,
  type ProfileData,
  type PublicOrganiserProfile,
  type PublicProfile,
  SignUpInput,
  type Throttled,
} from './Account.ts'
import { AccountLimits } from './AccountLimits.ts'
import { AccountsConfig, type RequestInfo, type SignedIn, type SocialCredential } from './AccountRequest.ts'
import {
  accountMailer,
  currentUser,
  type Failure,
  fail,
  normaliseEmail,
  now,
  validate,
} from './internal/AccountKit.ts'
import { AccountRepo, TokenPurpose, type User } from './internal/AccountRepo.ts'
import { decoyHash, hashPassword, newToken, tokenHash, verifyPassword } from './internal/Secrets.ts'
import { SignInRepo } from './internal/SignInRepo.ts'
import { organiserApplications } from './OrganiserApplications.ts'
import { passwordResets } from './PasswordResets.ts'
import { profiles } from './Profiles.ts'
import { signInThrottle } from './SignInThrottle.ts'
import {
  SocialAuth,
  type SocialFailure,
  type SocialProfile,
  SocialProvider,
  type SocialProviderId,
} from './Social.ts'

// The accounts service: its interface, and sign-up, sign-in and sessions, and social accounts here; password
// resets (PasswordResets.ts), organiser applications (OrganiserApplications.ts) and profiles (Profiles.ts) are
// built alongside, and the sign-in limits and known devices live in SignInThrottle.ts.

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
    ): Effect.Effect<{ readonly userId: UserId }, Failure | InvalidInput | Throttled, Em>
    /** Anyone with the e-mailed link: activates the account (1013 when the link is unknown or expired). */
    activate(token: string): Effect.Effect<{ readonly userId: UserId }, Failure, Em>
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
      userId: UserId,
      provider: SocialProviderId,
      credential: SocialCredential,
    ): Effect.Effect<void, Failure, Em>
    /** A signed-in user: disconnects a provider; refused (1011) when it is the only way left to sign in. */
    disconnectSocial(userId: UserId, provider: SocialProviderId): Effect.Effect<void, Failure, Em>
    /** A signed-in user: applies for an organiser account and e-mails the super users (pending afterwards). */
    applyAsOrganiser(
      userId: UserId,
      kind: OrganiserApplication['kind'],
      input: unknown,
    ): Effect.Effect<CurrentUser, Failure | InvalidInput, Em>
    /** The holder of an e-mailed decision link: what the application is (1013 when the link is unknown or expired). */
    viewOrganiserDecision(token: string): Effect.Effect<OrganiserApplicationView, Failure, Em>
    /** The holder of an e-mailed decision link: accepts (3) or declines (2) and tells the applicant. */
    decideOrganiser(token: string, status: number): Effect.Effect<OrganiserApplicationView, Failure, Em>
    /** A signed-in user: their profile for the settings screens. */
    profileData(userId: UserId): Effect.Effect<ProfileData, Failure, Em>
    /**
     * A signed-in user: one change of spec kinds 1–14 (1008 wrong current password, throttled after five;
     * 1015 e-mail locked). An e-mail change only mails a confirmation link to the new address.
     */
    changeProfile(
      userId: UserId,
      kind: ProfileChangeKind,
      input: unknown,
      sessionToken?: string,
    ): Effect.Effect<ProfileData, Failure | InvalidInput | Throttled, Em>
    /**
     * A signed-in user: replaces the avatar with `bytes` (re-encoded, metadata dropped) or removes it (null);
     * InvalidInput names `avatar` for a file that is not a usable image.
     */
    changeAvatar(
      userId: UserId,
      bytes: Uint8Array | null,
    ): Effect.Effect<ProfileData, Failure | InvalidInput, Em>
    /** The holder of the link mailed to a new address: which address it would confirm (1013 when dead). */
    viewEmailChange(token: string): Effect.Effect<{ readonly newEmail: string }, Failure, Em>
    /** The holder of the link mailed to a new address: makes it the account's e-mail (1013, 1001). */
    confirmEmail(
      token: string,
    ): Effect.Effect<{ readonly userId: UserId; readonly email: string }, Failure, Em>
    /** Anyone: a player's public profile (1014 for an unknown, inactive or banned user). */
    publicProfile(userId: UserId): Effect.Effect<PublicProfile, Failure, Em>
    /** Anyone: an accepted organiser's public profile (1014 otherwise). */
    publicOrganiserProfile(organiserId: OrganiserId): Effect.Effect<PublicOrganiserProfile, Failure, Em>
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
      const accounts = yield* AccountRepo
      const throttle = signInThrottle(yield* SignInRepo)
      const { countLogin, forgiveLogin, rememberDevice, reserve } = throttle
      // The decoy an unknown address is checked against is made now, not on the first such login (which would
      // then take two hashes' time).
      yield* decoyHash()

      const mailer = accountMailer(config.publicUrl, outbox)
      const { link, mail } = mailer

      // --- sessions

      const openSession = Effect.fn('AccountService.openSession')(function* (
        user: User,
        request: RequestInfo,
      ) {
        const token = newToken()
        yield* accounts.createSession({
          hash: tokenHash(token),
          userId: user.id,
          now: yield* now,
          idleMs: AccountLimits.sessionIdleMs,
          absoluteMs: AccountLimits.sessionAbsoluteMs,
          ip: request.ip,
          userAgent: request.userAgent,
        })
        const organiser = yield* accounts.findOrganiserOfUser(user.id)
        const device = yield* rememberDevice(user.id, request)
        return { token, device, user: currentUser(user, organiser) }
      })

      const sendActivation = Effect.fn('AccountService.sendActivation')(function* (user: User) {
        const token = newToken()
        yield* accounts.createToken({
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
            if (yield* accounts.findUserByEmail(email)) return yield* fail(ErrorCode.emailExists, 'email')
            const user = yield* accounts
              .createUser({
                email,
                passwordHash,
                firstName: form.firstName,
                lastName: form.lastName,
                language: request.language,
                activatedAt: null,
                rulesAcceptedAt: at,
              })
              .pipe(Effect.catchTag('Duplicate', () => fail(ErrorCode.emailExists, 'email')))
            yield* sendActivation(user)
            return { userId: UserId.make(user.id) }
          }),
        )
      })

      const activate = Effect.fn('AccountService.activate')(function* (token: string) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const row = yield* accounts.findTokenForUpdate(tokenHash(token), TokenPurpose.activation)
            const at = yield* now
            if (!row || row.expiresAt.getTime() < at.getTime())
              return yield* fail(ErrorCode.resetTokenExpired)
            const user = yield* accounts.findUserById(row.userId)
            if (!user) return yield* fail(ErrorCode.userNotFound)
            // Following the link twice is harmless: the second time the account is simply already active.
            row.usedAt ??= at
            user.activatedAt ??= at
            yield* accounts.flush()
            return { userId: UserId.make(user.id) }
          }),
        )
      })

      const login = Effect.fn('AccountService.login')(function* (input: unknown, request: RequestInfo) {
        const form = yield* validate(LoginInput, input)
        const email = normaliseEmail(form.email)
        const user = yield* accounts.findUserByEmail(email)
        // Counted before the password is judged, with the same statements whether the account exists or not.
        const counted = yield* countLogin(email, user?.id ?? null, request)
        // An unknown address (or an account without a password) is checked against a decoy hash: the same
        // Argon2 work either way.
        const matches = yield* verifyPassword(form.password, user?.passwordHash ?? (yield* decoyHash()))
        // A failure keeps the counted attempts; the right password takes them back.
        if (!user?.passwordHash || !matches) return yield* fail(ErrorCode.badCredentials)
        yield* forgiveLogin(counted)
        // Only someone who knows the password learns that the account is banned or inactive.
        if (user.bannedAt) return yield* fail(ErrorCode.banned)
        if (!user.activatedAt) {
          const at = yield* now
          const recent = yield* accounts.hasRecentToken(
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
        const session = yield* accounts.findSession(hash)
        const at = yield* now
        if (!session || session.revokedAt || session.expiresAt.getTime() <= at.getTime()) {
          return yield* fail(ErrorCode.sessionEnded)
        }
        const user = yield* accounts.findUserById(session.userId)
        if (!user || user.bannedAt) return yield* fail(ErrorCode.sessionEnded)
        // Sliding expiry, written at most every few minutes so reads stay reads.
        if (at.getTime() - session.lastSeenAt.getTime() > AccountLimits.sessionTouchMs) {
          session.lastSeenAt = at
          session.expiresAt = new Date(
            Math.min(at.getTime() + AccountLimits.sessionIdleMs, session.absoluteExpiresAt.getTime()),
          )
          yield* accounts.flush()
        }
        return currentUser(user, yield* accounts.findOrganiserOfUser(user.id))
      })

      const logout = Effect.fn('AccountService.logout')(function* (token: string) {
        yield* accounts.revokeSession(tokenHash(token), yield* now)
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
            const identity = yield* accounts.findIdentity(provider, profile.subject)
            if (identity) {
              const user = yield* accounts.findUserById(identity.userId)
              if (!user) return yield* fail(ErrorCode.userNotFound)
              if (user.bannedAt) return yield* fail(ErrorCode.banned)
              return { ...(yield* openSession(user, options)), created: false }
            }
            if (!profile.email) return yield* fail(ErrorCode.socialEmailMissing)
            const email = normaliseEmail(profile.email)
            // Never link by e-mail silently: whoever controls that provider account would take over ours.
            if (yield* accounts.findUserByEmail(email)) return yield* fail(ErrorCode.emailExistsSocial)
            if (!options.acceptRules) return yield* fail(ErrorCode.rulesNotAccepted, 'acceptRules')
            const at = yield* now
            const user = yield* accounts
              .createUser({
                email,
                passwordHash: null,
                firstName: profile.firstName?.slice(0, 100) ?? null,
                lastName: profile.lastName?.slice(0, 100) ?? null,
                language: options.language,
                activatedAt: at,
                rulesAcceptedAt: at,
              })
              .pipe(Effect.catchTag('Duplicate', () => fail(ErrorCode.emailExistsSocial)))
            yield* accounts
              .addIdentity({
                userId: user.id,
                provider,
                subject: profile.subject,
                email,
                now: at,
              })
              .pipe(
                // The same provider account signed up twice at once: the other request won.
                Effect.catchTag('Duplicate', () => fail(ErrorCode.socialLoginFailed)),
              )
            return { ...(yield* openSession(user, options)), created: true }
          }),
        )
      })

      const connectSocial = Effect.fn('AccountService.connectSocial')(function* (
        userId: UserId,
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
            const user = yield* accounts.findUserById(userId)
            if (!user) return yield* fail(ErrorCode.userNotFound)
            const identity = yield* accounts.findIdentity(provider, profile.subject)
            const own = yield* accounts.identitiesOf(userId)
            if (identity || own.some((i) => i.provider === provider)) {
              return yield* fail(ErrorCode.socialAlreadyConnected)
            }
            if (profile.email) {
              const holder = yield* accounts.findUserByEmail(normaliseEmail(profile.email))
              if (holder && holder.id !== userId) return yield* fail(ErrorCode.socialConnectEmailExists)
            }
            yield* accounts
              .addIdentity({
                userId,
                provider,
                subject: profile.subject,
                email: profile.email ? normaliseEmail(profile.email) : null,
                now: yield* now,
              })
              .pipe(Effect.catchTag('Duplicate', () => fail(ErrorCode.socialAlreadyConnected)))
          }),
        )
      })

      const disconnectSocial = Effect.fn('AccountService.disconnectSocial')(function* (
        userId: UserId,
        provider: SocialProviderId,
      ) {
        // The user row stays locked, so two disconnects at once cannot both pass the last-way-in check.
        yield* inTransaction(
          Effect.gen(function* () {
            const user = yield* accounts.findUserForUpdate(userId)
            if (!user) return yield* fail(ErrorCode.userNotFound)
            const own = yield* accounts.identitiesOf(userId)
            if (!own.some((i) => i.provider === provider)) return
            // The last way in cannot be removed: set a password first.
            if (!user.passwordHash && own.length === 1)
              return yield* fail(ErrorCode.socialConnectFailed, 'provider')
            yield* accounts.removeIdentity(userId, provider)
          }),
        )
      })

      return AccountService.of({
        register,
        activate,
        login,
        authenticate,
        logout,
        ...passwordResets({ accounts, throttle, mailer }),
        socialProviders: () => social.providers(),
        beginSocial,
        socialLogin,
        connectSocial,
        disconnectSocial,
        ...organiserApplications({ accounts, mailer }),
        ...profiles({ config, images, lookups, mailer, accounts, throttle }),
      })
    }),
  ).pipe(Layer.provide(Layer.mergeAll(AccountRepo.layer, SignInRepo.layer)))
}
