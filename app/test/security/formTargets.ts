import {
  CompanyApplication,
  ForgotInput,
  IndividualApplication,
  LoginInput,
  profileChangeForms,
  ResetInput,
  SignUpInput,
} from '@kibitz/accounts'
import fc from 'fast-check'
import { emptyContestant, fieldName } from '../../src/components/registration/pricing.ts'
import { Route as CookieConsentRoute } from '../../src/routes/cookie-consent.ts'
import { Route as LanguageRoute } from '../../src/routes/lang.$code.ts'
import { Route as SearchRoute } from '../../src/routes/search.ts'
import {
  registerPost as accountRegisterPost,
  accountSwitchPost,
  avatarPost,
  confirmEmailPost,
  forgotPost,
  loginPost,
  logoutPost,
  organiserApplicationPost,
  organiserDecisionPost,
  profileChangePost,
  resetPost,
  socialCallbackGet,
  socialDisconnectPost,
  socialStartPost,
} from '../../src/server/accountForms.server.ts'
import { galleryPost } from '../../src/server/eventEditor.server.ts'
import { eventFileManagerPost, fileManagerPost } from '../../src/server/fileManager.server.ts'
import { galleryScreenPost } from '../../src/server/galleries.server.ts'
import { requestKeyField } from '../../src/server/registration.functions.ts'
import { payByCardPost, registerPost as registrationPost } from '../../src/server/registration.server.ts'
import { registrationsCsv } from '../../src/server/registrations.server.ts'
import { actorPassword } from '../support/eventActors.ts'
import { encode } from './apiCalls.ts'
import { anyString, type Pools } from './arbitraries.ts'
import { open, organiser, own, playerCaller, statusToken } from './world.ts'

// The form posts (and the plain GET handlers of server routes), called in-process with a Request inside
// TanStack Start's request scope, as their routes call them. A handler that throws is a 500 in production.

export interface FormTarget {
  readonly name: string
  readonly method: 'GET' | 'POST'
  /** The route's path with its params filled in. */
  readonly path: (params: ReadonlyArray<string>) => string
  /** The fields the form posts (or the query it reads), from the schemas that decode it where there is one. */
  readonly fields: ReadonlyArray<string>
  readonly files?: ReadonlyArray<string>
  /** The route params' values: known good ones and junk (built when the test runs, from the seeded rows). */
  readonly params?: () => ReadonlyArray<fc.Arbitrary<string>>
  /** May redirect to the card payment or a social provider (never elsewhere off the site). */
  readonly offSite?: boolean
  readonly handle: (request: Request, params: ReadonlyArray<string>) => Promise<Response>
}

export const param = (known: ReadonlyArray<string>) =>
  fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: anyString, weight: 1 })
export const at = (params: ReadonlyArray<string>, i: number) => params[i] ?? ''

const ownEventIds = () => [String(own.draftId), String(own.acceptedId)]

/** The file manager's forms (fileManager.server.ts): every intent's fields and the list's place. */
const fileManagerFields = [
  'intent',
  'folder',
  'page',
  'q',
  'kind',
  'folderName',
  'id',
  'newObjectName',
  'ids',
]

/** A route module's handler for `method`, as the router calls it. */
export const routeHandler =
  (route: { readonly options: { readonly server?: { readonly handlers?: unknown } } }, method: string) =>
  async (request: Request, params: Record<string, string> = {}): Promise<Response> => {
    const handlers = route.options.server?.handlers
    const handler =
      typeof handlers === 'object' && handlers !== null ? Reflect.get(handlers, method) : undefined
    if (typeof handler !== 'function') throw new Error(`the route has no ${method} handler`)
    const answer: unknown = await handler({
      request,
      params,
      context: {},
      pathname: new URL(request.url).pathname,
      next: () => ({ isNext: true }),
    })
    if (!(answer instanceof Response)) throw new Error('the route answered no Response')
    return answer
  }

export const formTargets = (): ReadonlyArray<FormTarget> => {
  const profileFields = [
    ...new Set(Object.values(profileChangeForms).flatMap((form) => Object.keys(form.fields))),
    'kind',
  ]
  const contestantFields = [0, 1, 2].flatMap((i) =>
    Object.keys(emptyContestant).map((key) => `data.contestants.${i}.${key}`),
  )
  return [
    {
      name: 'POST /login (loginPost)',
      method: 'POST',
      path: () => '/login',
      fields: [...Object.keys(LoginInput.fields), 'redirect'],
      handle: (r) => loginPost(r),
    },
    {
      name: 'POST /logout (logoutPost)',
      method: 'POST',
      path: () => '/logout',
      fields: ['to', 'after'],
      handle: (r) => logoutPost(r),
    },
    {
      name: 'POST /register-user (registerPost of the accounts)',
      method: 'POST',
      path: ([p]) => p ?? '/register-user',
      fields: Object.keys(SignUpInput.fields),
      params: () => [fc.constantFrom('/register-user', '/register-user/site')],
      handle: (r, p) => accountRegisterPost(r, at(p, 0)),
    },
    {
      name: 'POST /forgot-password (forgotPost)',
      method: 'POST',
      path: () => '/forgot-password',
      fields: Object.keys(ForgotInput.fields),
      handle: (r) => forgotPost(r),
    },
    {
      name: 'POST /forgot-password/$token (resetPost)',
      method: 'POST',
      path: ([t]) => `/forgot-password/${encode(t ?? '')}`,
      fields: Object.keys(ResetInput.fields),
      params: () => [param(['x'.repeat(43), statusToken])],
      handle: (r, p) => resetPost(r, at(p, 0)),
    },
    {
      name: 'POST /register-organizer/$kind (organiserApplicationPost)',
      method: 'POST',
      path: ([k]) => `/register-organizer/${k ?? 'company'}`,
      fields: [
        ...new Set([...Object.keys(CompanyApplication.fields), ...Object.keys(IndividualApplication.fields)]),
      ],
      params: () => [fc.constantFrom('company', 'individual')],
      handle: (r, p) => organiserApplicationPost(r, at(p, 0) === 'individual' ? 'individual' : 'company'),
    },
    {
      name: 'POST /register-organizer/status/$status/$token (organiserDecisionPost)',
      method: 'POST',
      path: ([s, t]) => `/register-organizer/status/${encode(s ?? '')}/${encode(t ?? '')}`,
      fields: [],
      params: () => [param(['2', '3', '1', '02', '3.0']), param(['x'.repeat(43)])],
      handle: (r, p) => organiserDecisionPost(r, at(p, 0), at(p, 1)),
    },
    {
      name: 'POST /account-switch (accountSwitchPost)',
      method: 'POST',
      path: () => '/account-switch',
      fields: ['account', 'to'],
      handle: (r) => accountSwitchPost(r),
    },
    {
      name: 'POST /profile-settings (profileChangePost)',
      method: 'POST',
      path: ([s]) => s ?? '/profile-settings',
      fields: profileFields,
      params: () => [fc.constantFrom('/profile-settings', '/profile-settings-organizer')],
      handle: (r, p) => profileChangePost(r, at(p, 0)),
    },
    {
      name: 'POST /auth/$provider (socialStartPost)',
      method: 'POST',
      path: ([provider]) => `/auth/${encode(provider ?? '')}`,
      fields: ['intent', 'acceptRules', 'redirect'],
      params: () => [param(['google', 'facebook', 'vk'])],
      offSite: true,
      handle: (r, p) => socialStartPost(r, at(p, 0)),
    },
    {
      name: 'GET /auth/$provider/callback (socialCallbackGet)',
      method: 'GET',
      path: ([provider]) => `/auth/${encode(provider ?? '')}/callback`,
      fields: ['code', 'state', 'device_id', 'error'],
      params: () => [param(['google', 'facebook', 'vk'])],
      handle: (r, p) => socialCallbackGet(r, at(p, 0)),
    },
    {
      name: 'POST /auth/disconnect (socialDisconnectPost)',
      method: 'POST',
      path: () => '/auth/disconnect',
      fields: ['provider'],
      handle: (r) => socialDisconnectPost(r),
    },
    {
      name: 'POST /profile-settings/avatar (avatarPost)',
      method: 'POST',
      path: () => '/profile-settings/avatar',
      fields: ['remove'],
      files: ['avatar'],
      handle: (r) => avatarPost(r),
    },
    {
      name: 'POST /confirm-email/$token (confirmEmailPost)',
      method: 'POST',
      path: ([t]) => `/confirm-email/${encode(t ?? '')}`,
      fields: [],
      params: () => [param(['x'.repeat(43)])],
      handle: (r, p) => confirmEmailPost(r, at(p, 0)),
    },
    {
      name: 'POST /event/$eventId/tournament/$tournamentId/register (registerPost of the registration)',
      method: 'POST',
      path: ([e, t]) => `/event/${encode(e ?? '')}/tournament/${encode(t ?? '')}/register`,
      fields: [
        ...Object.values(fieldName).flatMap((f) => (typeof f === 'string' ? [f] : [])),
        ...contestantFields,
        requestKeyField,
        'intent',
        'confirm',
      ],
      params: () => [
        param([open.eventAlias, String(open.eventId), own.acceptedAlias]),
        param([open.tournamentAlias, String(open.tournamentId), own.tournamentAliases[0] ?? '']),
      ],
      handle: (r, p) => registrationPost(r, at(p, 0), at(p, 1)),
    },
    {
      name: 'POST /payment/card (payByCardPost)',
      method: 'POST',
      path: () => '/payment/card',
      fields: ['token'],
      offSite: true,
      handle: (r) => payByCardPost(r),
    },
    {
      name: 'POST /event/manage/$eventId/event-gallery (galleryPost)',
      method: 'POST',
      path: ([id]) => `/event/manage/${encode(id ?? '')}/event-gallery`,
      fields: ['remove', 'alt'],
      files: ['image'],
      params: () => [param(ownEventIds())],
      handle: (r, p) => galleryPost(r, at(p, 0)),
    },
    {
      // The gallery manager's forms (decision 041): uploads, and saves with a move or removal button's intent.
      name: 'POST /event/manage/$eventId/event-gallery?gallery (galleryScreenPost)',
      method: 'POST',
      path: ([id]) => `/event/manage/${encode(id ?? '')}/event-gallery?gallery`,
      fields: ['intent', 'target', 'galleryId', 'title', 'isActive', 'title-1', 'keys'],
      files: ['images'],
      params: () => [param(ownEventIds())],
      handle: (r, p) => galleryScreenPost(r, at(p, 0)),
    },
    {
      name: 'POST /event/manage/$eventId/file-management-system (eventFileManagerPost, filesPost)',
      method: 'POST',
      path: ([id]) => `/event/manage/${encode(id ?? '')}/file-management-system`,
      fields: [...fileManagerFields, 'target', 'key'],
      files: ['files', 'file'],
      params: () => [param(ownEventIds())],
      handle: (r, p) => eventFileManagerPost(r, at(p, 0)),
    },
    {
      name: 'POST /file-management-system (fileManagerPost)',
      method: 'POST',
      path: () => '/file-management-system',
      fields: fileManagerFields,
      files: ['files'],
      handle: (r) => fileManagerPost(r, '/file-management-system'),
    },
    {
      name: 'GET /event/manage/$eventId/registrations.csv (registrationsCsv)',
      method: 'GET',
      path: ([id]) => `/event/manage/${encode(id ?? '')}/registrations.csv`,
      fields: [],
      params: () => [param(ownEventIds())],
      handle: (r, p) => registrationsCsv(r, at(p, 0)),
    },
    {
      name: 'POST /cookie-consent (route handler)',
      method: 'POST',
      path: () => '/cookie-consent',
      fields: ['choice', 'to'],
      handle: (r) => routeHandler(CookieConsentRoute, 'POST')(r),
    },
    {
      name: 'GET /lang/$code (route handler)',
      method: 'GET',
      path: ([code]) => `/lang/${encode(code ?? '')}`,
      fields: ['to'],
      params: () => [param(['lt', 'en', 'ru', 'xx'])],
      handle: (r, p) => routeHandler(LanguageRoute, 'GET')(r, { code: at(p, 0) }),
    },
    {
      name: 'GET /search (route handler)',
      method: 'GET',
      path: () => '/search',
      fields: ['text', 'type', 'state', 'from', 'to', 'month', 'online', 'live', 'country'],
      handle: (r) => routeHandler(SearchRoute, 'GET')(r),
    },
  ]
}

/** Good values of posted fields by name (the last dotted segment counts too: data.contestants.0.email → email). */
export const formPools = (): Pools => {
  const tid = own.tournamentIds[0] ?? 1
  const byName: Record<string, ReadonlyArray<string | number>> = {
    email: [organiser.email, playerCaller.email, 'new-fuzz@example.test'],
    password: [actorPassword],
    currentPassword: [actorPassword],
    newPassword: ['Another!2026'],
    redirect: [
      '/',
      '/profile-settings',
      '//evil.example',
      'https://evil.example/',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      'javascript:alert(1)',
    ],
    to: ['/', '/event/1', '//evil.example', 'https://evil.example/', '/\\evil.example'],
    after: ['login'],
    acceptRules: ['on', 'true'],
    policy: ['on', 'true'],
    intent: [
      'add',
      'remove',
      'connect',
      'upload',
      'uploadFiles',
      'createFolder',
      'rename',
      'askDelete',
      'delete',
      'zip',
    ],
    account: ['organiser', 'player'],
    kind: [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 'images', 'documents'],
    choice: ['accept', 'decline'],
    provider: ['google', 'facebook', 'vk'],
    remove: ['1'],
    target: ['event', `documents-${tid}`, `results-${tid}`, `rules-${tid}`],
    token: [statusToken],
    countryCode: ['LT', 'PL'],
    firstName: ['Ona'],
    lastName: ['Jonaitė'],
    phone: ['+37060000000'],
    websiteUrl: ['https://club.example.test'],
    ticketId: [open.ticketId, ...own.ticketIds],
    paymentMethod: ['bankTransfer', 'card'],
    expectedTotalMinor: ['4000', '0', '8000'],
    players: ['1', '2', '3'],
    languages: ['en', 'lt'],
    currencyId: ['1'],
    idProvider: ['1'],
    state: ['x'.repeat(43)],
    code: ['fuzz-code'],
    type: ['1', '3'],
    from: ['2030-05-01'],
    month: ['1'],
    folder: ['', '0', '1', '2147483647'],
    folderName: ['Fuzz folder', 'a/b', '..', 'event', ' '],
    newObjectName: ['Renamed.pdf', '', '..'],
    ids: ['1', '1,2', '0,x', Array.from({ length: 60 }, (_, i) => i + 1).join(',')],
    q: ['rules', '%_\\'],
  }
  return (name) => byName[name] ?? byName[name.split('.').at(-1) ?? ''] ?? []
}
