import { GalleryId, GalleryItemId } from '@kibitz/events'
import { EventAction } from '@kibitz/events/input'
import { EntryId, EventId, OrganiserId, TournamentId, UserId } from '@kibitz/kernel'
import type { EntryFilter } from '@kibitz/registration/input'
import { runWithStartContext } from '@tanstack/start-storage-context'
import fc from 'fast-check'
import {
  activate,
  activateAccount,
  checkReset,
  checkResetLink,
  emailChange,
  fetchAccountLookups,
  fetchEmailChange,
  fetchFormState,
  fetchOrganiserDecision,
  fetchOwnEvents,
  fetchProfileData,
  fetchPublicOrganiser,
  fetchPublicProfile,
  lookups,
  organiserDecision,
  ownEvents,
  ownProfile,
  publicOrganiser,
  publicProfile,
} from '../../src/server/account.functions.ts'
import {
  fetchHome,
  fetchLiveScore,
  fetchMoreEvents,
  fetchSearch,
  homeData,
  liveScoreData,
  moreEventsData,
  searchData,
} from '../../src/server/catalogue.functions.ts'
import {
  creatableFor,
  createEvent,
  createEventDraft,
  editorData,
  editorFiles,
  editorTournament,
  editorTournaments,
  eventAction,
  fetchEditorData,
  fetchEditorFiles,
  fetchEditorTournament,
  fetchEditorTournaments,
  fetchEventCreators,
  removeTournament,
  removeTournamentFn,
  reorderTournaments,
  reorderTournamentsFn,
  runEventAction,
  saveEventPart,
  saveTournament,
  saveTournamentFn,
  updateEvent,
} from '../../src/server/eventEditor.functions.ts'
import {
  eventData,
  eventPreviewData,
  fetchEvent,
  fetchEventPreview,
  fetchPlayerList,
  playerListData,
} from '../../src/server/eventPage.functions.ts'
import { fetchFileManager, fileManagerScreen } from '../../src/server/fileManager.functions.ts'
import {
  editorGalleries,
  fetchEditorGalleries,
  reorderGallery,
  reorderGalleryFn,
} from '../../src/server/galleries.functions.ts'
import { fetchOutbox, outboxData } from '../../src/server/outbox.functions.ts'

import {
  entryData,
  fetchEntry,
  fetchRegistrationForm,
  fetchRules,
  register,
  registerEntry,
  registrationFormData,
  rulesData,
} from '../../src/server/registration.functions.ts'
import {
  entryAction,
  fetchRegistrations,
  markEntriesPaid,
  markSelectedPaid,
  registrationsPage,
  runEntryAction,
} from '../../src/server/registrations.functions.ts'
import { fetchRequestContext } from '../../src/server/request.functions.ts'
import { requestContext, takeFormState } from '../../src/server/request.server.ts'
import { sessionCookieName } from '../support/userApi.ts'
import { context, operations, poolsFor, validBodies } from './apiCalls.ts'
import { anyString, type JsonSchema, junkValue, mutated, nastyNumbers, shaped } from './arbitraries.ts'
import {
  count,
  excerpt,
  inStartScope,
  open,
  organiser,
  own,
  playerCaller,
  restoreCallers,
  roles,
  runs,
  seed,
  statusToken,
  within,
} from './world.ts'

// The server functions: their real validators (run as Start runs them on the server, through the function's
// own __executeServer) decide what is accepted; what is accepted runs through the function's server code
// (the server-only function its .handler calls, beside it in the *.functions.ts file; the handlers cannot be
// reached without the Start compiler). The ids of accepted data are valid, so they are branded as the validator would.

interface Shaped<A> {
  readonly shaped: true
  readonly value: A
}
interface Junk {
  readonly shaped: false
  readonly value: unknown
}

export interface ServerFunctionCase {
  readonly name: string
  /** Data shaped as the function takes it (the HTTP run sends it too, serialised as TanStack's client does). */
  readonly data: () => fc.Arbitrary<unknown>
  readonly check: () => Promise<void>
}

/** Runs `fn`'s validator on `data`: true when it accepts; a validator that fails otherwise than cleanly throws. */
const validates = async (fn: object, data: unknown): Promise<boolean> => {
  const execute = Reflect.get(fn, '__executeServer')
  if (typeof execute !== 'function') throw new Error('not a server function (no __executeServer)')
  const outcome: unknown = await execute({ data, context: {} })
  if (typeof outcome !== 'object' || outcome === null || !('error' in outcome)) return true
  const error = outcome.error
  // Start's own refusal: an Error whose message is the validator's issues as JSON.
  if (error instanceof Error) {
    try {
      if (Array.isArray(JSON.parse(error.message))) return false
    } catch {}
  }
  throw new Error(
    `the validator failed instead of refusing: ${error instanceof Error ? error.stack : String(error)}`,
  )
}

const serverFunction = <A>(
  name: string,
  fn: object,
  shapedData: () => fc.Arbitrary<A>,
  implementation: (data: A) => Promise<unknown>,
): ServerFunctionCase => ({
  name,
  data: shapedData,
  check: async () => {
    const input = fc.oneof(
      { arbitrary: shapedData().map((value): Shaped<A> | Junk => ({ shaped: true, value })), weight: 5 },
      {
        arbitrary: fc
          .oneof(junkValue, fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined))
          .map((value): Shaped<A> | Junk => ({ shaped: false, value })),
        weight: 1,
      },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...roles),
        input,
        fc.constantFrom('lt', 'en', 'xx'),
        async (role, data, language) => {
          const me = role === 'organiser' ? organiser : role === 'player' ? playerCaller : null
          const request = new Request('http://localhost/_serverFn/fuzz', {
            headers: {
              'accept-language': language,
              ...(me ? { cookie: `${sessionCookieName}=${me.token}` } : {}),
            },
          })
          const what = `${role} ${name}(${excerpt(JSON.stringify(data.value) ?? 'undefined')})`
          const { thrown } = await within(
            inStartScope(request, (r) =>
              runWithStartContext(
                {
                  request: r,
                  startOptions: {},
                  contextAfterGlobalMiddlewares: {},
                  executedRequestMiddlewares: new Set(),
                  handlerType: 'serverFn',
                  getRouter: () => {
                    throw new Error('no router in the server function tests')
                  },
                },
                async () => {
                  const accepted = await validates(fn, data.value)
                  count(`${name} ${role}`, accepted ? (data.shaped ? 200 : 201) : 400)
                  if (accepted && data.shaped) await implementation(data.value)
                  return new Response(null, { status: 204 })
                },
              ),
            ),
            what,
          )
          if (role !== 'anonymous') await restoreCallers()
          if (thrown !== undefined)
            throw new Error(
              `${what} threw (a 500 in production): ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`,
            )
        },
      ),
      { seed, numRuns: runs },
    )
  },
})

const optionalKey = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: undefined, freq: 2 })
const known = <A>(values: ReadonlyArray<A>, other: fc.Arbitrary<A>) =>
  values.length > 0
    ? fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 3 }, { arbitrary: other, weight: 2 })
    : other
const idArb = (values: () => ReadonlyArray<number>) => () =>
  known(values(), fc.oneof(fc.integer({ min: -3, max: 2 ** 31 + 3 }), fc.constantFrom(...nastyNumbers)))
const textArb = (values: () => ReadonlyArray<string>) => () => known(values(), anyString)
const eventIds = () => [own.draftId, own.acceptedId, open.eventId]
const tournamentIds = () => [...own.tournamentIds, open.tournamentId]

/** The JSON Schema of an API payload (by operation id), for the server functions that take the same JSON. */
const payloadSchema = (operationId: string): JsonSchema | undefined => {
  const operation = operations.find((o) => o.id === operationId)
  return operation?.body?.schema
}
const payloadArb = (operationId: string, property?: string) => (): fc.Arbitrary<unknown> => {
  const whole = payloadSchema(operationId)
  const schema = property ? whole?.properties?.[property] : whole
  const valid = validBodies(operationId).map((body) =>
    property && typeof body === 'object' && body !== null ? Reflect.get(body, property) : body,
  )
  const pools = poolsFor('organiser', '')
  return fc.oneof(
    { arbitrary: schema ? shaped(schema, property ?? '', context(pools)) : fc.jsonValue(), weight: 1 },
    ...(schema && valid.length > 0
      ? [{ arbitrary: fc.oneof(...valid.map((v) => mutated(v, schema, context(pools)))), weight: 2 }]
      : []),
  )
}

export const serverFunctions = (): ReadonlyArray<ServerFunctionCase> => {
  const token = textArb(() => [statusToken, 'x'.repeat(43)])
  const page = () => fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer(), fc.constantFrom(...nastyNumbers))
  const pageStart = () =>
    fc.record({
      after: optionalKey(textArb(() => ['2030-05-10.1', '2030-05-10', '.', 'x.y'])()),
      before: optionalKey(textArb(() => ['2030-05-10.1'])()),
    })
  const none = () => fc.constant(undefined)
  return [
    serverFunction(
      'fetchFormState',
      fetchFormState,
      () => fc.record({ form: textArb(() => ['login', 'register', 'profile-7'])() }),
      (d) => Promise.resolve(takeFormState(d.form)),
    ),
    serverFunction(
      'activateAccount',
      activateAccount,
      () => fc.record({ token: token() }),
      (d) => activate(d.token),
    ),
    serverFunction(
      'checkResetLink',
      checkResetLink,
      () => fc.record({ token: token() }),
      (d) => checkReset(d.token),
    ),
    serverFunction('fetchAccountLookups', fetchAccountLookups, none, () => lookups()),
    serverFunction('fetchProfileData', fetchProfileData, none, () => ownProfile()),
    serverFunction(
      'fetchOrganiserDecision',
      fetchOrganiserDecision,
      () => fc.record({ token: token() }),
      (d) => organiserDecision(d.token),
    ),
    serverFunction(
      'fetchPublicProfile',
      fetchPublicProfile,
      () => fc.record({ id: idArb(() => [playerCaller.id, organiser.id])() }),
      (d) => publicProfile(UserId.make(d.id)),
    ),
    serverFunction(
      'fetchPublicOrganiser',
      fetchPublicOrganiser,
      () => fc.record({ id: idArb(() => [organiser.organiserId ?? 1])() }),
      (d) => publicOrganiser(OrganiserId.make(d.id)),
    ),
    serverFunction(
      'fetchEmailChange',
      fetchEmailChange,
      () => fc.record({ token: token() }),
      (d) => emailChange(d.token),
    ),
    serverFunction(
      'fetchOwnEvents',
      fetchOwnEvents,
      () => fc.record({ draftsOnly: fc.boolean(), page: page() }),
      (d) => ownEvents(d.draftsOnly, d.page),
    ),
    serverFunction('fetchHome', fetchHome, pageStart, (d) => homeData(d)),
    serverFunction(
      'fetchSearch',
      fetchSearch,
      () =>
        fc
          .tuple(pageStart(), optionalKey(textArb(() => ['vilnius', 'eyJ0ZXh0IjoieCJ9', '{"text":"x"}'])()))
          .map(([start, q]) => ({ ...start, q })),
      (d) => searchData(d.q, d),
    ),
    serverFunction(
      'fetchEvent',
      fetchEvent,
      () =>
        fc.record({ aliasOrId: textArb(() => [open.eventAlias, String(own.acceptedId), own.draftAlias])() }),
      (d) => eventData(d.aliasOrId),
    ),
    serverFunction(
      'fetchEventPreview',
      fetchEventPreview,
      () =>
        fc.record({
          aliasOrId: textArb(() => [
            String(own.draftId),
            String(own.acceptedId),
            String(open.eventId),
            '0',
          ])(),
        }),
      (d) => eventPreviewData(d.aliasOrId),
    ),
    serverFunction(
      'fetchPlayerList',
      fetchPlayerList,
      () =>
        fc.record({
          event: textArb(() => [open.eventAlias, own.acceptedAlias])(),
          tournament: textArb(() => [open.tournamentAlias, own.tournamentAliases[0] ?? ''])(),
        }),
      (d) => playerListData(d.event, d.tournament),
    ),
    serverFunction(
      'fetchLiveScore',
      fetchLiveScore,
      () => fc.record({ date: optionalKey(textArb(() => ['2030-05-10', '2030-02-30'])()), page: page() }),
      (d) => liveScoreData(d.date, d.page),
    ),
    serverFunction('fetchMoreEvents', fetchMoreEvents, none, () => moreEventsData()),
    serverFunction('fetchOutbox', fetchOutbox, none, () => outboxData()),
    serverFunction('fetchRequestContext', fetchRequestContext, none, () => requestContext()),
    serverFunction(
      'fetchEditorData',
      fetchEditorData,
      () => fc.record({ eventId: idArb(eventIds)() }),
      (d) => editorData(EventId.make(d.eventId)),
    ),
    serverFunction('fetchEventCreators', fetchEventCreators, none, () => creatableFor()),
    serverFunction(
      'createEventDraft',
      createEventDraft,
      () => fc.record({ general: payloadArb('eventEditor.create', 'generalInformation')() }),
      (d) => createEvent(d.general),
    ),
    serverFunction(
      'saveEventPart',
      saveEventPart,
      () =>
        fc.oneof(
          fc.record({
            eventId: idArb(eventIds)(),
            part: fc.constant('general'),
            input: payloadArb('eventEditor.update', 'generalInformation')(),
          }),
          fc.record({
            eventId: idArb(eventIds)(),
            part: fc.constantFrom('additional', 'other'),
            input: payloadArb('eventEditor.update', 'additionalInformation')(),
          }),
        ),
      (d) => updateEvent(EventId.make(d.eventId), d.part === 'general' ? 'general' : 'additional', d.input),
    ),
    serverFunction(
      'runEventAction',
      runEventAction,
      () =>
        fc.record({
          eventId: idArb(eventIds)(),
          action: fc.constantFrom(...EventAction.literals),
          message: optionalKey(anyString),
          notifyUsers: optionalKey(fc.boolean()),
          newDates: optionalKey(
            fc.record({
              dateStart: fc.oneof(fc.constant('2027-06-05'), fc.string({ maxLength: 10 })),
              dateEnd: fc.oneof(fc.constant('2027-06-07'), fc.string({ maxLength: 10 })),
            }),
          ),
        }),
      (d) =>
        eventAction(EventId.make(d.eventId), d.action, {
          message: d.message,
          notifyUsers: d.notifyUsers,
          newDates: d.newDates,
        }),
    ),
    serverFunction(
      'fetchEditorTournaments',
      fetchEditorTournaments,
      () => fc.record({ eventId: idArb(eventIds)() }),
      (d) => editorTournaments(EventId.make(d.eventId)),
    ),
    serverFunction(
      'fetchEditorTournament',
      fetchEditorTournament,
      () => fc.record({ eventId: idArb(eventIds)(), tournamentId: idArb(tournamentIds)() }),
      (d) => editorTournament(EventId.make(d.eventId), TournamentId.make(d.tournamentId)),
    ),
    serverFunction(
      'saveTournamentFn',
      saveTournamentFn,
      () =>
        fc.record({
          eventId: idArb(eventIds)(),
          tournamentId: fc.option(idArb(tournamentIds)(), { nil: null }),
          input: payloadArb('eventWrites.createTournament')(),
        }),
      (d) =>
        saveTournament(
          EventId.make(d.eventId),
          d.tournamentId === null ? null : TournamentId.make(d.tournamentId),
          d.input,
        ),
    ),
    serverFunction(
      'removeTournamentFn',
      removeTournamentFn,
      () => fc.record({ eventId: idArb(eventIds)(), tournamentId: idArb(tournamentIds)() }),
      (d) => removeTournament(EventId.make(d.eventId), TournamentId.make(d.tournamentId)),
    ),
    serverFunction(
      'reorderTournamentsFn',
      reorderTournamentsFn,
      () =>
        fc.record({
          eventId: idArb(eventIds)(),
          tournamentIds: fc.oneof(
            fc.shuffledSubarray<number>([...tournamentIds()]),
            fc.array(idArb(tournamentIds)(), { maxLength: 5 }),
            fc.constant(Array.from({ length: 201 }, (_, i) => i + 1)),
          ),
        }),
      (d) =>
        reorderTournaments(
          EventId.make(d.eventId),
          d.tournamentIds.map((id) => TournamentId.make(id)),
        ),
    ),
    serverFunction(
      'fetchEditorFiles',
      fetchEditorFiles,
      () => fc.record({ eventId: idArb(eventIds)(), page: page() }),
      (d) => editorFiles(EventId.make(d.eventId), d.page),
    ),
    serverFunction(
      'fetchFileManager',
      fetchFileManager,
      () =>
        fc.record({
          folder: fc.option(idArb(() => [])(), { nil: null }),
          page: page(),
          q: textArb(() => ['', 'rules', '%_\\', 'event-'])(),
          kind: fc.constantFrom(null, 'images', 'documents'),
          confirm: fc.array(idArb(() => [])(), { maxLength: 3 }),
          eventId: fc.option(idArb(eventIds)(), { nil: null }),
        }),
      (d) => fileManagerScreen(d),
    ),
    serverFunction(
      'fetchEditorGalleries',
      fetchEditorGalleries,
      () => fc.record({ eventId: idArb(eventIds)() }),
      (d) => editorGalleries(EventId.make(d.eventId)),
    ),
    serverFunction(
      'reorderGalleryFn',
      reorderGalleryFn,
      () =>
        fc.record({
          galleryId: fc.integer({ min: 1, max: 2_147_483_647 }),
          order: fc.array(fc.integer({ min: 1, max: 2_147_483_647 }), { maxLength: 5 }),
        }),
      (d) =>
        reorderGallery(
          GalleryId.make(d.galleryId),
          d.order.map((id) => GalleryItemId.make(id)),
        ),
    ),
    serverFunction(
      'fetchRegistrationForm',
      fetchRegistrationForm,
      () =>
        fc.record({
          event: textArb(() => [open.eventAlias, String(open.eventId)])(),
          tournament: textArb(() => [open.tournamentAlias, String(open.tournamentId)])(),
        }),
      (d) => registrationFormData(d.event, d.tournament),
    ),
    serverFunction(
      'registerEntry',
      registerEntry,
      () =>
        fc.record({
          event: textArb(() => [open.eventAlias, String(open.eventId)])(),
          tournament: textArb(() => [open.tournamentAlias, String(open.tournamentId)])(),
          input: payloadArb('registration.register')(),
          requestKey: optionalKey(textArb(() => ['0b9f9d5e-2f55-4a39-9b0c-6a1f5f0b3c11'])()),
        }),
      (d) => register(d.event, d.tournament, d.input, d.requestKey),
    ),
    serverFunction(
      'fetchEntry',
      fetchEntry,
      () => fc.record({ token: token(), sessionId: optionalKey(textArb(() => ['cs_test_unknown'])()) }),
      (d) => entryData(d.token, d.sessionId),
    ),
    serverFunction(
      'fetchRules',
      fetchRules,
      () => fc.record({ tournamentId: idArb(tournamentIds)() }),
      (d) => rulesData(TournamentId.make(d.tournamentId)),
    ),
    serverFunction(
      'fetchRegistrations',
      fetchRegistrations,
      () =>
        fc.record({
          eventId: idArb(eventIds)(),
          tournamentId: fc.option(idArb(tournamentIds)(), { nil: null }),
          status: fc.option(
            fc.constantFrom<EntryFilter>('pending', 'unpaid', 'paid', 'confirmed', 'canceled', 'expired'),
            { nil: null },
          ),
          search: fc.option(textArb(() => ['Fuzz', 'RF', '#1', '%_\\', 'a@b'])(), { nil: null }),
          page: page(),
        }),
      (d) =>
        registrationsPage(
          EventId.make(d.eventId),
          {
            tournamentId: d.tournamentId === null ? null : TournamentId.make(d.tournamentId),
            status: d.status,
            search: d.search,
          },
          d.page,
        ),
    ),
    serverFunction(
      'markEntriesPaid',
      markEntriesPaid,
      () =>
        fc.record({
          eventId: idArb(eventIds)(),
          entryIds: fc.array(idArb(() => own.entryIds)(), { minLength: 1, maxLength: 5 }),
        }),
      (d) =>
        markSelectedPaid(
          EventId.make(d.eventId),
          d.entryIds.map((id) => EntryId.make(id)),
        ),
    ),
    serverFunction(
      'runEntryAction',
      runEntryAction,
      () =>
        fc.record({
          entryId: idArb(() => own.entryIds)(),
          action: fc.oneof(
            fc.constant({ action: 'markPaid' } as const),
            fc.constant({ action: 'cancel' } as const),
            fc
              .record({ tournamentId: idArb(tournamentIds)(), ticketId: idArb(() => own.ticketIds)() })
              .map((move) => ({ action: 'move', ...move }) as const),
          ),
        }),
      (d) =>
        entryAction(
          EntryId.make(d.entryId),
          d.action.action === 'move'
            ? { ...d.action, tournamentId: TournamentId.make(d.action.tournamentId) }
            : d.action,
        ),
    ),
  ]
}
