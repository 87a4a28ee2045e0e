import {
  type AccountFailure,
  AccountService,
  type CurrentUser,
  type InvalidInput,
  OrganiserService,
  type RequestInfo,
  type SignedIn,
  type SocialCredential,
  SocialProvider,
  type SocialProviderId,
  type Throttled,
} from '@kibitz/accounts'
import { ErrorCode, localeFromAcceptLanguage } from '@kibitz/kernel'
import { Effect, Layer } from 'effect'
import { Cookies, HttpEffect, HttpServerRequest, HttpServerResponse } from 'effect/http'
import { HttpApiBuilder } from 'effect/http-api'
import { activeAccount } from '../lib/session.ts'
import {
  accountCookie,
  accountSwitchCookie,
  deviceCookie,
  readCookie,
  requestInfo,
  sessionCookie,
  sessionCookieName,
  sessionOf,
} from '../server/auth.server.ts'
import { Api } from './Api.ts'
import {
  type CatalogueProblem,
  Conflict,
  catalogueMeaning,
  Forbidden,
  Gone,
  InvalidRequest,
  NotFound,
  problemForCode,
  type TooManyRequests,
  tooManyRequests,
  Unauthorized,
  unknownCode,
} from './Problems.ts'
import {
  type AccountInUse,
  Authenticated,
  CurrentSession,
  EventCreator,
  RegisteredUser,
  UserProfile,
} from './UserApi.ts'
import { unitOfWork } from './unitOfWork.server.ts'

// The "User" calls of spec section 7 over the accounts domain. Sessions are the web pages' own: the same
// cookie, read and written with the helpers of server/auth.server.ts, so signing in through the API signs the
// browser in and the other way round. Cookies and Retry-After are added by pre-response handlers, which run
// on the final response, problems included.

// ---------------------------------------------------------------------------------------------------------
// Request and response helpers

/** The Web Request behind the HttpServerRequest (the one TanStack Start or the tests handed over). */
const webRequest = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<Request> =>
  Effect.orDie(HttpServerRequest.toWeb(request))

/** Who is asking; the e-mail language follows Accept-Language (spec section 7), else the web's rules. */
const clientInfo = (web: Request): RequestInfo => {
  const info = requestInfo(web)
  const accept = web.headers.get('accept-language')
  return accept ? { ...info, language: localeFromAcceptLanguage(accept) } : info
}

/** Adds Set-Cookie headers (each a full cookie line from auth.server.ts) to the reply, problems included. */
const setCookies = (lines: ReadonlyArray<string>) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.mergeCookies(response, Cookies.fromSetCookie(lines))),
  )

/** A signed-out browser's cookies: no session, and no account switch (spec section 4 clears it on logout). */
const signedOutCookies = (web: Request) => [sessionCookie(web, null), accountSwitchCookie(web, null)]

// ---------------------------------------------------------------------------------------------------------
// Failures

/** A problem class an endpoint declares for catalogue codes. */
type ProblemClass = typeof Unauthorized | typeof Forbidden | typeof NotFound | typeof Conflict | typeof Gone

/** Every field of an InvalidInput, under the request path `at`, with the rule and message of spec section 5. */
const invalidFields = (invalid: InvalidInput, at: ReadonlyArray<string>) =>
  Object.entries(invalid.errors).map(([field, problem]) => ({
    path: [...at, field],
    field,
    message: problem.message,
    rule: problem.rule,
  }))

const invalidRequest = (invalid: InvalidInput, at: ReadonlyArray<string>) => {
  const errors = invalidFields(invalid, at)
  return new InvalidRequest({
    code: unknownCode,
    detail: `Invalid request value: ${errors.map((e) => e.field).join(', ')}`,
    errors,
  })
}

/**
 * Maps the domain's typed failures to the problems an endpoint declares (InvalidRequest always is): a
 * catalogue code the endpoint does not declare breaks the domain's contract and becomes a defect (500).
 */
const refuse =
  <const P extends ReadonlyArray<ProblemClass>>(declared: P, at: ReadonlyArray<string> = ['payload']) =>
  (error: AccountFailure | InvalidInput): Effect.Effect<never, InstanceType<P[number]> | InvalidRequest> => {
    if (error._tag === 'InvalidInput') return Effect.fail(invalidRequest(error, at))
    const problem = problemForCode(error.code, error.field, at)
    const isDeclared = (p: CatalogueProblem): p is InstanceType<P[number]> | InvalidRequest =>
      p instanceof InvalidRequest || declared.some((problemClass) => p instanceof problemClass)
    return isDeclared(problem) ? Effect.fail(problem) : Effect.die(problem)
  }

/** As refuse, for the calls that count attempts: Throttled becomes 429 with Retry-After. */
const refuseOrThrottle =
  <const P extends ReadonlyArray<ProblemClass>>(declared: P, at: ReadonlyArray<string> = ['payload']) =>
  (
    error: AccountFailure | InvalidInput | Throttled,
  ): Effect.Effect<
    never,
    InstanceType<P[number]> | InvalidRequest | TooManyRequests,
    HttpServerRequest.HttpServerRequest
  > =>
    error._tag === 'Throttled' ? tooManyRequests(error) : refuse(declared, at)(error)

// ---------------------------------------------------------------------------------------------------------
// Authentication

/** Signs the browser out and fails with 401 and the catalogue code (spec section 8: 2001 and 2002). */
const signedOut = (web: Request, code: typeof ErrorCode.sessionEnded | typeof ErrorCode.userIdMismatch) =>
  Effect.andThen(
    setCookies(signedOutCookies(web)),
    Effect.fail(new Unauthorized({ code, detail: catalogueMeaning[code] })),
  )

/** The Authenticated middleware: the web's session cookie, checked against X-User-Id. */
export const AuthenticatedLive = Layer.effect(
  Authenticated,
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const accounts = yield* AccountService
    return Authenticated.of({
      // The cookie is read by its request-dependent name (see sessionCookieName), not the documented one.
      session: (httpEffect) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const web = yield* webRequest(request)
          // The web pages' own reader, so both edges accept and refuse exactly the same cookies.
          const session = yield* Effect.promise(() => sessionOf(web))
          if (session.user === null || session.token === null) {
            if (session.ended) return yield* signedOut(web, ErrorCode.sessionEnded)
            return yield* new Unauthorized({ code: unknownCode, detail: 'Log in first' })
          }
          const claimed = request.headers['x-user-id']?.trim()
          if (claimed && claimed !== String(session.user.id)) {
            // The browser forgets the token with the cookie, so the session is ended too, not left running.
            yield* run(accounts.logout(session.token))
            return yield* signedOut(web, ErrorCode.userIdMismatch)
          }
          return yield* Effect.provideService(httpEffect, CurrentSession, {
            user: session.user,
            token: session.token,
          })
        }),
    })
  }),
)

// ---------------------------------------------------------------------------------------------------------
// Handlers

/** The account in use: X-Is-Organizer when sent, else the web's account switch cookie. */
const accountInUse = (
  user: CurrentUser,
  header: 'true' | 'false' | undefined,
  web: Request,
): AccountInUse => {
  const stored =
    header === undefined ? readCookie(web, accountCookie) : header === 'true' ? 'organiser' : 'player'
  return activeAccount(user, stored === 'organiser' || stored === 'player' ? stored : null)
}

/** POST/GET/PUT v1/user/*. */
export const UserHandlers = HttpApiBuilder.group(Api, 'user', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const accounts = yield* AccountService
    const organisers = yield* OrganiserService

    /** Sets the new session's cookie, ending the one the browser held before (a login replaces it). */
    const signIn = (web: Request, signedIn: SignedIn) =>
      Effect.gen(function* () {
        const previous = readCookie(web, sessionCookieName(web))
        if (previous) yield* run(accounts.logout(previous))
        yield* setCookies([
          sessionCookie(web, signedIn.token),
          deviceCookie(web, signedIn.device),
          accountSwitchCookie(web, null),
        ])
        return signedIn.user
      })

    const socialLogin = (
      request: HttpServerRequest.HttpServerRequest,
      provider: SocialProviderId,
      credential: SocialCredential,
      acceptRules: boolean | undefined,
    ) =>
      Effect.gen(function* () {
        const web = yield* webRequest(request)
        const signedIn = yield* run(
          accounts.socialLogin(provider, credential, {
            ...clientInfo(web),
            acceptRules: acceptRules === true,
          }),
        ).pipe(Effect.catch(refuse([Forbidden, Conflict, NotFound])))
        return yield* signIn(web, signedIn)
      })

    const profile = (user: CurrentUser, header: 'true' | 'false' | undefined, web: Request) =>
      Effect.map(
        run(accounts.profileData(user.id)).pipe(Effect.catch(refuse([NotFound]))),
        (data) => new UserProfile({ ...data, account: accountInUse(user, header, web) }),
      )

    return handlers
      .handle('register', ({ payload, request }) =>
        Effect.gen(function* () {
          const web = yield* webRequest(request)
          // The domain answers 1007 itself when the rules are the only thing missing.
          const { userId } = yield* run(accounts.register(payload.user, clientInfo(web))).pipe(
            Effect.catch(refuseOrThrottle([Conflict], ['payload', 'user'])),
          )
          return new RegisteredUser({ userId })
        }),
      )
      .handle('login', ({ payload, request }) =>
        Effect.gen(function* () {
          const web = yield* webRequest(request)
          const signedIn = yield* run(accounts.login(payload, clientInfo(web))).pipe(
            Effect.catch(refuseOrThrottle([Unauthorized, Forbidden])),
          )
          return yield* signIn(web, signedIn)
        }),
      )
      .handle('logout', ({ request }) =>
        Effect.gen(function* () {
          const web = yield* webRequest(request)
          const token = readCookie(web, sessionCookieName(web))
          if (token) yield* run(accounts.logout(token))
          yield* setCookies(signedOutCookies(web))
        }),
      )
      .handle('loginVk', ({ payload, request }) =>
        socialLogin(
          request,
          SocialProvider.vk,
          {
            code: payload.code,
            codeVerifier: payload.codeVerifier,
            redirectUri: payload.redirectUri,
            ...(payload.state === undefined ? {} : { state: payload.state }),
            ...(payload.deviceId === undefined ? {} : { deviceId: payload.deviceId }),
          },
          payload.acceptRules,
        ),
      )
      .handle('loginFacebook', ({ payload, request }) =>
        socialLogin(
          request,
          SocialProvider.facebook,
          { accessToken: payload.fbData.accessToken },
          payload.acceptRules,
        ),
      )
      .handle('loginGoogle', ({ payload, request }) =>
        socialLogin(request, SocialProvider.google, { accessToken: payload.authToken }, payload.acceptRules),
      )
      .handle('forgot', ({ payload, request }) =>
        Effect.flatMap(webRequest(request), (web) =>
          run(accounts.forgotPassword(payload, clientInfo(web))).pipe(Effect.catch(refuseOrThrottle([]))),
        ),
      )
      .handle('reset', ({ params, payload, request }) =>
        Effect.gen(function* () {
          const web = yield* webRequest(request)
          const { device } = yield* run(accounts.resetPassword(params.token, payload, clientInfo(web))).pipe(
            Effect.catch(refuse([Gone, NotFound])),
          )
          // Every session of the account ended; the browser's cookie goes with them, as on the web form. The
          // reset proved the mailbox, so the client becomes a known device (decision 028).
          yield* setCookies([sessionCookie(web, null), deviceCookie(web, device)])
        }),
      )
      .handle('connectSocial', ({ payload }) =>
        Effect.flatMap(CurrentSession, ({ user }) =>
          run(accounts.connectSocial(user.id, payload.provider, { accessToken: payload.token })).pipe(
            Effect.catch(refuse([Conflict, NotFound])),
          ),
        ),
      )
      .handle('disconnectSocial', ({ payload }) =>
        Effect.flatMap(CurrentSession, ({ user }) =>
          run(accounts.disconnectSocial(user.id, payload.provider)).pipe(Effect.catch(refuse([NotFound]))),
        ),
      )
      .handle('registerOrganizer', ({ payload }) =>
        Effect.flatMap(CurrentSession, ({ user }) => {
          const { kind, ...details } = payload.user
          return run(accounts.applyAsOrganiser(user.id, kind, details)).pipe(
            Effect.catch(refuse([NotFound], ['payload', 'user'])),
          )
        }),
      )
      .handle('organizerDecision', ({ params }) =>
        run(accounts.decideOrganiser(params.token, Number(params.status))).pipe(
          Effect.catch(refuse([Gone, NotFound], ['params'])),
        ),
      )
      .handle('profileData', ({ headers, request }) =>
        Effect.gen(function* () {
          const { user } = yield* CurrentSession
          return yield* profile(user, headers['x-is-organizer'], yield* webRequest(request))
        }),
      )
      .handle('changeProfile', ({ headers, payload, request }) =>
        Effect.gen(function* () {
          const { user, token } = yield* CurrentSession
          const web = yield* webRequest(request)
          const { kind, ...input } = payload
          const data = yield* run(accounts.changeProfile(user.id, kind, input, token)).pipe(
            Effect.catch(refuseOrThrottle([Forbidden, Conflict, NotFound])),
          )
          return new UserProfile({
            ...data,
            account: accountInUse(data.user, headers['x-is-organizer'], web),
          })
        }),
      )
      .handle('eventCreators', () =>
        Effect.gen(function* () {
          const { user } = yield* CurrentSession
          if (!user.isSuper) return yield* new Forbidden({ code: unknownCode, detail: 'Super user only' })
          const creators = yield* run(organisers.eventCreators())
          return creators.map((c) => new EventCreator({ ...c }))
        }),
      )
  }),
)
