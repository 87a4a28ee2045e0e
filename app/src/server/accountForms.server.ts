import {
  AccountFailure,
  AccountService,
  isProfileChangeKind,
  SocialProvider,
  type SocialProviderId,
} from '@kibitz/accounts'
import { ErrorCode } from '@kibitz/kernel'
import { safeBackPath } from '../edge/redirect.ts'
import {
  accountSwitchCookie,
  deviceCookie,
  readCookie,
  requestInfo,
  sessionCookie,
  sessionCookieName,
  sessionOf,
  shortCookie,
  socialCookie,
} from './auth.server.ts'
import {
  attempt,
  BodyTooLarge,
  backToForm,
  type FormFailure,
  formStateOf,
  forward,
  type PostedForm,
  postedFields,
  postedForm,
  Result,
  seeOther,
  withBodyLimit,
} from './forms.server.ts'
import { runDomain } from './runtime.server.ts'

// The POST side of the account screens. Each handler: read the form, run one domain call, answer 303.

const withRedirect = (path: string, redirect: string | undefined) =>
  redirect ? `${path}?${new URLSearchParams({ redirect: safeBackPath(redirect) })}` : path

const back = (
  request: Request,
  path: string,
  form: string,
  failure: FormFailure,
  fields: Record<string, string>,
) => backToForm(request, path, formStateOf(form, failure, fields))

/** Screens a signed-out visitor cannot stay on (spec section 4: logout goes to login from these). */
const needsLogin = (path: string) =>
  /^\/(profile-settings|profile-settings-organizer|register-organizer|user|event\/create|event\/manage|access-forbidden)(\/|$|\?)/.test(
    path,
  )

export const loginPost = withBodyLimit(async (request: Request): Promise<Response> => {
  const fields = await postedFields(request)
  const result = await attempt(AccountService.use((a) => a.login(fields, requestInfo(request))))
  if (Result.isFailure(result)) {
    return back(request, withRedirect('/login', fields.redirect), 'login', result.failure, fields)
  }
  await endCurrentSession(request)
  return forward(request, fields.redirect ?? '/', 'signedIn', [
    sessionCookie(request, result.success.token),
    deviceCookie(request, result.success.device),
    accountSwitchCookie(request, null),
  ])
})

/** Revokes the session the request carries, if any (a new login replaces it). */
const endCurrentSession = async (request: Request) => {
  const token = readCookie(request, sessionCookieName(request))
  if (token) await runDomain(AccountService.use((a) => a.logout(token)))
}

export const logoutPost = withBodyLimit(async (request: Request): Promise<Response> => {
  const fields = await postedFields(request)
  await endCurrentSession(request)
  const to = safeBackPath(fields.to)
  // Spec section 4: from a login-required, forbidden or not-found screen go to login; otherwise reload.
  const target = fields.after === 'login' || needsLogin(to) ? '/login' : to
  return forward(request, target, 'signedOut', [
    sessionCookie(request, null),
    accountSwitchCookie(request, null),
  ])
})

export const registerPost = withBodyLimit(async (request: Request, path: string): Promise<Response> => {
  const fields = await postedFields(request)
  const result = await attempt(AccountService.use((a) => a.register(fields, requestInfo(request))))
  if (Result.isFailure(result)) return back(request, path, 'register', result.failure, fields)
  return forward(request, '/login', 'registered')
})

export const forgotPost = withBodyLimit(async (request: Request): Promise<Response> => {
  const fields = await postedFields(request)
  const result = await attempt(AccountService.use((a) => a.forgotPassword(fields, requestInfo(request))))
  if (Result.isFailure(result)) return back(request, '/forgot-password', 'forgot', result.failure, fields)
  return forward(request, '/forgot-password', 'resetSent')
})

export const resetPost = withBodyLimit(async (request: Request, token: string): Promise<Response> => {
  const fields = await postedFields(request)
  const result = await attempt(
    AccountService.use((a) => a.resetPassword(token, fields, requestInfo(request))),
  )
  if (Result.isFailure(result)) {
    return back(request, `/forgot-password/${encodeURIComponent(token)}`, 'reset', result.failure, fields)
  }
  // The reset proved the mailbox: this browser becomes a known device, which strangers cannot lock out.
  return forward(request, '/login', 'passwordReset', [
    sessionCookie(request, null),
    deviceCookie(request, result.success.device),
  ])
})

export const organiserApplicationPost = withBodyLimit(
  async (request: Request, kind: 'company' | 'individual'): Promise<Response> => {
    const session = await sessionOf(request)
    if (!session.user) return seeOther(withRedirect('/login', `/register-organizer/${kind}`))
    const fields = await postedFields(request)
    const userId = session.user.id
    const result = await attempt(AccountService.use((a) => a.applyAsOrganiser(userId, kind, fields)))
    if (Result.isFailure(result)) {
      return back(request, `/register-organizer/${kind}`, `organiser-${kind}`, result.failure, fields)
    }
    return forward(request, '/register-organizer/pending', 'organiserApplied')
  },
)

export const organiserDecisionPost = withBodyLimit(
  async (request: Request, status: string, token: string): Promise<Response> => {
    const path = `/register-organizer/status/${encodeURIComponent(status)}/${encodeURIComponent(token)}`
    const result = await attempt(AccountService.use((a) => a.decideOrganiser(token, Number(status))))
    if (Result.isFailure(result)) return back(request, path, 'decision', result.failure, {})
    return seeOther(`${path}?done=1`)
  },
)

export const accountSwitchPost = withBodyLimit(async (request: Request): Promise<Response> => {
  const fields = await postedFields(request)
  const session = await sessionOf(request)
  const to = safeBackPath(fields.to)
  if (!session.user) return seeOther(withRedirect('/login', to))
  const wanted = fields.account === 'organiser' ? 'organiser' : 'player'
  // Spec section 4: switching on a profile settings screen that needs a recheck goes home.
  const target = /^\/profile-settings/.test(to) ? '/' : to
  return forward(request, target, 'accountSwitched', [accountSwitchCookie(request, wanted)])
})

export const profileChangePost = withBodyLimit(
  async (request: Request, screen: string): Promise<Response> => {
    const session = await sessionOf(request)
    if (!session.user || !session.token) return seeOther(withRedirect('/login', screen))
    const form = await postedForm(request)
    const fields = form.fields
    const kind = Number(fields.kind)
    if (!isProfileChangeKind(kind)) return seeOther(screen)
    const input: Record<string, unknown> = { ...fields }
    if (kind === 4) input.languages = form.list('languages')
    if (kind === 5 || kind === 6) {
      if (fields.currencyId) input.currencyId = Number(fields.currencyId)
      if (fields.idProvider) input.idProvider = Number(fields.idProvider)
    }
    const { id } = session.user
    const token = session.token
    const result = await attempt(AccountService.use((a) => a.changeProfile(id, kind, input, token)))
    if (Result.isFailure(result)) return back(request, screen, `profile-${kind}`, result.failure, fields)
    // An e-mail change waits for the link mailed to the new address.
    return forward(request, screen, kind === 7 ? 'emailConfirmSent' : 'profileSaved')
  },
)

// --- social sign-in: POST /auth/{provider} starts, GET /auth/{provider}/callback completes

const providerIds: Record<string, SocialProviderId> = {
  facebook: SocialProvider.facebook,
  google: SocialProvider.google,
  vk: SocialProvider.vk,
}

const callbackUrl = (request: Request, provider: string) =>
  `${process.env.PUBLIC_URL ?? new URL(request.url).origin}/auth/${provider}/callback`

interface SocialState {
  readonly state: string
  readonly codeVerifier: string
  readonly intent: 'login' | 'connect'
  readonly acceptRules: boolean
  readonly redirect: string
}

export const socialStartPost = withBodyLimit(
  async (request: Request, provider: string): Promise<Response> => {
    const id = providerIds[provider]
    const fields = await postedFields(request)
    const intent = fields.intent === 'connect' ? 'connect' : 'login'
    const errorPage = intent === 'connect' ? '/profile-settings' : '/login'
    if (!id) return seeOther(errorPage)
    const result = await attempt(AccountService.use((a) => a.beginSocial(id, callbackUrl(request, provider))))
    if (Result.isFailure(result)) return back(request, errorPage, 'social', result.failure, {})
    const state: SocialState = {
      state: result.success.state,
      codeVerifier: result.success.codeVerifier,
      intent,
      acceptRules: fields.acceptRules === 'on' || fields.acceptRules === 'true',
      redirect: safeBackPath(fields.redirect ?? (intent === 'connect' ? '/profile-settings' : '/')),
    }
    return seeOther(result.success.url, [shortCookie(request, socialCookie, JSON.stringify(state), 600)])
  },
)

const readSocialState = (request: Request): SocialState | null => {
  const raw = readCookie(request, socialCookie)
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return null
    const get = (key: string) => (key in value ? Reflect.get(value, key) : undefined)
    const state = get('state')
    const codeVerifier = get('codeVerifier')
    const redirect = get('redirect')
    if (typeof state !== 'string' || typeof codeVerifier !== 'string' || typeof redirect !== 'string')
      return null
    return {
      state,
      codeVerifier,
      intent: get('intent') === 'connect' ? 'connect' : 'login',
      acceptRules: get('acceptRules') === true,
      redirect: safeBackPath(redirect),
    }
  } catch {
    return null
  }
}

export const socialCallbackGet = withBodyLimit(
  async (request: Request, provider: string): Promise<Response> => {
    const id = providerIds[provider]
    const params = new URL(request.url).searchParams
    const saved = readSocialState(request)
    const clear = shortCookie(request, socialCookie, null)
    const errorPage = saved?.intent === 'connect' ? '/profile-settings' : '/login'
    const failed = (failure: FormFailure) => {
      const response = back(request, errorPage, 'social', failure, {})
      response.headers.append('set-cookie', clear)
      return response
    }
    const code = params.get('code')
    // A missing or different state means this callback was not started here: refuse it (login CSRF).
    if (!id || !saved || params.get('state') !== saved.state) return seeOther(errorPage, [clear])
    // The person pressed cancel at the provider, or the provider refused: say so on the page they came from.
    if (!code) {
      return failed(
        new AccountFailure({
          code: saved.intent === 'connect' ? ErrorCode.socialConnectFailed : ErrorCode.socialLoginFailed,
        }),
      )
    }
    const deviceId = params.get('device_id')
    const credential = {
      code,
      codeVerifier: saved.codeVerifier,
      redirectUri: callbackUrl(request, provider),
      state: saved.state,
      ...(deviceId ? { deviceId } : {}),
    }
    if (saved.intent === 'connect') {
      const session = await sessionOf(request)
      if (!session.user) return seeOther('/login', [clear])
      const userId = session.user.id
      const result = await attempt(AccountService.use((a) => a.connectSocial(userId, id, credential)))
      if (Result.isFailure(result)) return failed(result.failure)
      return forward(request, '/profile-settings', 'socialConnected', [clear])
    }
    const result = await attempt(
      AccountService.use((a) =>
        a.socialLogin(id, credential, { ...requestInfo(request), acceptRules: saved.acceptRules }),
      ),
    )
    if (Result.isFailure(result)) return failed(result.failure)
    await endCurrentSession(request)
    return forward(request, saved.redirect, 'signedIn', [
      clear,
      sessionCookie(request, result.success.token),
      deviceCookie(request, result.success.device),
      accountSwitchCookie(request, null),
    ])
  },
)

export const socialDisconnectPost = withBodyLimit(async (request: Request): Promise<Response> => {
  const session = await sessionOf(request)
  if (!session.user) return seeOther(withRedirect('/login', '/profile-settings'))
  const fields = await postedFields(request)
  const id = providerIds[fields.provider ?? '']
  if (!id) return seeOther('/profile-settings')
  const userId = session.user.id
  const result = await attempt(AccountService.use((a) => a.disconnectSocial(userId, id)))
  if (Result.isFailure(result)) return back(request, '/profile-settings', 'social', result.failure, {})
  return forward(request, '/profile-settings', 'socialDisconnected')
})

/** The largest upload request read at all; the image itself may be 5 MB (the files domain decides). */
const maxUploadRequestBytes = 6 * 1024 * 1024

export const avatarPost = withBodyLimit(async (request: Request): Promise<Response> => {
  const screen = '/profile-settings'
  const session = await sessionOf(request)
  if (!session.user) return seeOther(withRedirect('/login', screen))
  const refused = (rule: 'fileTooLarge' | 'notAnImage' | 'required') =>
    backToForm(request, screen, { form: 'profile-avatar', errors: { avatar: { rule } }, values: {} })
  let form: PostedForm
  try {
    form = await postedForm(request, maxUploadRequestBytes)
  } catch (error) {
    if (error instanceof BodyTooLarge) return refused('fileTooLarge')
    throw error
  }
  const file = form.file('avatar')
  const remove = form.fields.remove === '1'
  if (!remove && !(file && file.size > 0)) return refused('required')
  const bytes = remove || !file ? null : new Uint8Array(await file.arrayBuffer())
  const userId = session.user.id
  const result = await attempt(AccountService.use((a) => a.changeAvatar(userId, bytes)))
  if (Result.isFailure(result)) return back(request, screen, 'profile-avatar', result.failure, {})
  return forward(request, screen, 'profileSaved')
})

/** Confirms an e-mail change: the button on the page the link mailed to the new address opens. */
export const confirmEmailPost = withBodyLimit(async (request: Request, token: string): Promise<Response> => {
  const result = await attempt(AccountService.use((a) => a.confirmEmail(token)))
  if (Result.isFailure(result)) {
    return back(request, `/confirm-email/${encodeURIComponent(token)}`, 'confirm-email', result.failure, {})
  }
  const session = await sessionOf(request)
  return forward(request, session.user ? '/profile-settings' : '/login', 'emailChanged')
})
