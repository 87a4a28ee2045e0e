import { OrganiserService } from '@kibitz/accounts'
import {
  type EventDocument,
  EventFiles,
  eventFolderPrefix,
  type FileRejected,
  maxFilesPageLimit,
  StoredFileEntry,
} from '@kibitz/files'
import {
  decodeWithProblems,
  type Em,
  FieldProblem,
  inTransaction,
  normaliseIban,
  slugify,
  ValidationRule,
  ValidationRuleSchema,
} from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Schema } from 'effect'
import { EventState, EventStatusId, publicStates } from './Event.ts'
import type { EventActor } from './EventActions.ts'
import {
  AdditionalInformationInput,
  GeneralInformationInput,
  type GeneralInformationInput as GeneralInput,
  noPaymentAccount,
} from './EventInput.ts'
import {
  addedProblems,
  type EventProblem,
  eventProblems,
  generalOf,
  namedForAdditional,
  namedForGeneral,
} from './EventProblems.ts'
import { EventTournaments } from './EventTournaments.ts'
import { recordAudit } from './internal/EventActionRepo.ts'
import * as Repo from './internal/EventEditorRepo.ts'
import { decodeState, editableStates, ownedBy } from './internal/editorAccess.ts'
import type { EventEntity } from './internal/entities/EventEntity.ts'
import { refreshTournamentSummary } from './internal/TournamentSummary.ts'
import { searchTextOf } from './SearchText.ts'

// The organiser's editor of spec section 2 (creation wizard and event management): who may edit which event,
// and what a draft still lacks before it can be published. The tournaments domain edits an event's tournaments
// through the door EventEditing opens (the same checks, lock and record); this editor asks about them through
// the EventTournaments port.

/**
 * Why the editor refused: not the actor's event or tournament (or none), not editable in its state, no organiser
 * account, a tournament players entered (or bought tickets for) cannot be removed, or an order that does not
 * name each of the event's tournaments once.
 */
export const EditRefusal = Schema.Literals([
  'notFound',
  'notEditable',
  'notOrganiser',
  'hasEntries',
  'badOrder',
])
export type EditRefusal = typeof EditRefusal.Type

export class EventEditRefused extends Schema.TaggedError<EventEditRefused>()('EventEditRefused', {
  reason: EditRefusal,
}) {}

/** The input breaks field rules; every problem at once, each with its dotted field path. */
export class EventInputInvalid extends Schema.TaggedError<EventInputInvalid>()('EventInputInvalid', {
  problems: Schema.Array(FieldProblem),
}) {}

/** What still uses a stored file of an event: its picture, or a tournament's rules or results file. */
export const EventFileUse = Schema.Literals(['eventPicture', 'tournamentRules', 'tournamentResults'])
export type EventFileUse = typeof EventFileUse.Type

/** The file under `key` is not one of the event's stored files (another event's key reads the same). */
export class EventFileNotFound extends Schema.TaggedError<EventFileNotFound>()('EventFileNotFound', {
  key: Schema.String,
}) {}

/**
 * The file is still in use and is not removed from the file manager: the event's picture is replaced or removed
 * on the gallery step, a tournament's rules or results file on that tournament (`tournamentId`).
 */
export class EventFileInUse extends Schema.TaggedError<EventFileInUse>()('EventFileInUse', {
  key: Schema.String,
  usedAs: EventFileUse,
  tournamentId: Schema.NullOr(Schema.Int),
}) {}

/** One file of an event's file manager and what still uses it (null: it may be removed). */
export class EventFileView extends Schema.Class<EventFileView>('@kibitz/events/EventFileView')({
  file: StoredFileEntry,
  usedAs: Schema.NullOr(EventFileUse),
  usedByTournamentId: Schema.NullOr(Schema.Int),
}) {}

/** One page of an event's files, newest first, with how many there are in all. */
export class EventFilesPage extends Schema.Class<EventFilesPage>('@kibitz/events/EventFilesPage')({
  files: Schema.Array(EventFileView),
  total: Schema.Int,
}) {}

/** Which documents a PDF belongs to: the event's (or a tournament's) documents, or a tournament's results. */
export const DocumentKind = Schema.Literals(['documents', 'results'])
export type DocumentKind = typeof DocumentKind.Type

/** Permissions of spec section 6 the viewer holds on the event. */
export const EventPermission = Schema.Literals(['read', 'update', 'delete', 'publish'])
export type EventPermission = typeof EventPermission.Type

/** Everything the editor screens show of one event, for its organiser or the super user. */
export class EventEditorView extends Schema.Class<EventEditorView>('@kibitz/events/EventEditorView')({
  id: Schema.Int,
  alias: Schema.String,
  organiserId: Schema.Int,
  state: EventState,
  status: Schema.Int,
  stateMessage: Schema.NullOr(Schema.String),
  /** Postponed without new dates (docs/decisions/032). */
  datesToBeAnnounced: Schema.Boolean,
  general: GeneralInformationInput,
  additional: AdditionalInformationInput,
  imageUrl: Schema.NullOr(Schema.String),
  thumbUrl: Schema.NullOr(Schema.String),
  imageAlt: Schema.NullOr(Schema.String),
  tournamentsCount: Schema.Int,
  /** Spec sections 2 and 6: update only while the event is neither postponed nor canceled. */
  permissions: Schema.Array(EventPermission),
  updatedAt: Schema.String,
}) {}

const isRule = Schema.is(ValidationRuleSchema)

const nullable = <A>(value: A | null | undefined): A | null => value ?? null

const permissionsOf = (state: EventState): ReadonlyArray<EventPermission> => {
  const permissions: Array<EventPermission> = ['read']
  if (editableStates.includes(state)) permissions.push('update')
  if (state === 'draft') permissions.push('delete')
  if (state === 'draft' || state === 'postponedToDraft') permissions.push('publish')
  return permissions
}

const toEditorView = (e: EventEntity): EventEditorView => {
  const state = decodeState(e.state)
  return new EventEditorView({
    id: e.id,
    alias: e.alias,
    organiserId: e.organiserId,
    state,
    status: e.status,
    stateMessage: nullable(e.stateMessage),
    datesToBeAnnounced: e.datesToBeAnnounced,
    general: generalOf(e),
    additional: {
      externalPageUrl: nullable(e.externalPageUrl),
      liveResultsUrl: nullable(e.liveResultsUrl),
      championshipTypeText: nullable(e.championshipTypeText),
      isYouth: e.isYouth,
      fbCommentsEnabled: e.fbCommentsEnabled,
      showNativeName: e.showNativeName,
      payment: {
        beneficiary: e.paymentBeneficiary ?? '',
        iban: e.paymentIban ?? '',
        bic: e.paymentBic ?? '',
      },
    },
    imageUrl: nullable(e.imageUrl),
    thumbUrl: nullable(e.thumbUrl),
    imageAlt: nullable(e.imageAlt),
    tournamentsCount: e.tournamentsCount,
    permissions: permissionsOf(state),
    updatedAt: e.updatedAt.toISOString(),
  })
}

/** Lower-case slug of `text` (at most 100 characters), or `fallback` when nothing latin is left. */
const slugOf = (text: string, fallback: string): string => {
  const slug = slugify(text).slice(0, 100).replace(/-+$/, '')
  return slug.length > 0 ? slug : fallback
}

/** `base`, or `base-2`, `base-3`, …: the first that no event or content uses (nor `reserved`). */
const freeAlias = Effect.fn('EventEditor.freeAlias')(function* (base: string, reserved: ReadonlySet<string>) {
  const candidates = [base, ...Array.from({ length: 30 }, (_, i) => `${base}-${i + 2}`)]
  yield* Repo.lockAliases
  const taken = yield* Repo.takenAliases(candidates)
  const free = candidates.find((c) => !taken.has(c) && !reserved.has(c))
  if (free !== undefined) return free
  // Thirty namesakes: a random suffix ends the search.
  return `${base}-${crypto.randomUUID().slice(0, 8)}`
})

/** Writes the general information onto `event`, keeping the aliases of languages it already had. */
const applyGeneral = Effect.fn('EventEditor.applyGeneral')(function* (
  event: EventEntity,
  input: GeneralInput,
) {
  event.type = input.type
  event.isLive = input.isLive
  event.isOnline = input.isOnline
  event.editionType = input.editionType
  event.editionYear = nullable(input.editionYear)
  event.editionSeason = nullable(input.editionSeason)
  event.dateStart = input.dateStart
  event.dateEnd = input.dateEnd
  event.countryCode = nullable(input.countryCode)
  event.languages = [...input.languages]
  event.currencyCode = input.currencyCode
  event.timeZone = input.timeZone
  event.organiserEmail = nullable(input.organiserEmail)

  const existing = new Map(event.contents.getItems().map((c) => [c.language, c]))
  const reserved = new Set<string>([event.alias])
  for (const content of input.contents) {
    const kept = existing.get(content.language)
    existing.delete(content.language)
    if (kept) {
      kept.name = content.name
      kept.description = nullable(content.description)
      kept.isMain = content.isMain
      kept.type = content.type
      reserved.add(kept.alias)
      continue
    }
    const alias = yield* freeAlias(slugOf(content.name, `${event.alias}-${content.language}`), reserved)
    reserved.add(alias)
    event.contents.add(
      yield* Repo.newContent({
        event,
        language: content.language,
        name: content.name,
        description: nullable(content.description),
        alias,
        isMain: content.isMain,
        type: content.type,
      }),
    )
  }
  for (const dropped of existing.values()) {
    event.contents.remove(dropped)
    yield* Repo.removeEntity(dropped)
  }

  // Locations carry no identity of their own (tournaments name their place in words): replaced wholesale.
  for (const old of event.locations.getItems()) {
    event.locations.remove(old)
    yield* Repo.removeEntity(old)
  }
  for (const l of input.locations) {
    event.locations.add(
      yield* Repo.newLocation({
        event,
        name: nullable(l.name),
        addressLine: nullable(l.addressLine),
        formattedAddress: nullable(l.addressLine),
        shortAddressLine: nullable(l.shortAddressLine),
        countryCode: nullable(l.countryCode),
        lat: nullable(l.lat),
        long: nullable(l.long),
        dateStart: nullable(l.dateStart),
        dateEnd: nullable(l.dateEnd),
        hasStartTime: l.startTime != null,
        hasEndTime: l.endTime != null,
        startTime: nullable(l.startTime),
        endTime: nullable(l.endTime),
        isMain: l.isMain,
        type: 1,
        externalUrl: nullable(l.externalUrl),
      }),
    )
  }
  const contents = event.contents.getItems()
  event.searchText = searchTextOf(
    [event.alias, ...contents.map((c) => c.alias)],
    [
      ...contents.map((c) => c.name),
      ...input.locations.flatMap((l) => [l.name ?? '', l.shortAddressLine ?? '', l.addressLine ?? '']),
    ],
    [input.countryCode, ...input.locations.map((l) => l.countryCode)],
  )
})

/** The organiser's side of an event's contents. */
export class EventEditor extends Context.Service<
  EventEditor,
  {
    /**
     * An accepted organiser (or the super user, for the organiser named in the input): a new draft from the
     * general-information step. Its alias comes from the main name and never changes afterwards.
     */
    create(
      actor: EventActor,
      input: unknown,
    ): Effect.Effect<EventEditorView, EventEditRefused | EventInputInvalid, Em>
    /** The event's organiser or the super user: the editor's view of any of their events, in any state. */
    view(actor: EventActor, eventId: number): Effect.Effect<EventEditorView, EventEditRefused, Em>
    /** Same actors, while the event is editable: replaces the general information. */
    updateGeneral(
      actor: EventActor,
      eventId: number,
      input: unknown,
    ): Effect.Effect<EventEditorView, EventEditRefused | EventInputInvalid, Em>
    /** Same actors, while the event is editable: replaces the additional information. */
    updateAdditional(
      actor: EventActor,
      eventId: number,
      input: unknown,
    ): Effect.Effect<EventEditorView, EventEditRefused | EventInputInvalid, Em>
    /** Same actors: every problem that stops publication, per step and field, at once. */
    problems(
      actor: EventActor,
      eventId: number,
    ): Effect.Effect<ReadonlyArray<EventProblem>, EventEditRefused, Em>
    /**
     * Same actors, while editable: the event's picture (re-encoded, with a thumbnail `thumbWidth` wide, 500 by
     * default) and its alt text; the previous picture's files are removed once the new one is in place.
     */
    setImage(
      actor: EventActor,
      eventId: number,
      upload: {
        readonly bytes: Uint8Array
        readonly filename: string
        readonly alt: string | null
        readonly thumbWidth?: number | undefined
      },
    ): Effect.Effect<EventEditorView, EventEditRefused | EventInputInvalid, Em>
    /**
     * Same actors, while editable: stores a PDF among the event's documents, or a tournament's documents or
     * results (`tournamentId` must be one of the event's tournaments; results always belong to one), and with
     * `useAs` makes it that tournament's rules or results, all in one transaction.
     */
    storeDocument(
      actor: EventActor,
      eventId: number,
      upload: {
        readonly tournamentId?: number | null | undefined
        readonly kind: DocumentKind
        readonly bytes: Uint8Array
        readonly filename: string
        /** A tournament's PDF can become its rules and regulations, or its published results. */
        readonly useAs?: 'rules' | 'results' | undefined
      },
    ): Effect.Effect<EventDocument, EventEditRefused | EventInputInvalid, Em>
    /** Same actors, while editable: the event goes back to having no picture. */
    removeImage(actor: EventActor, eventId: number): Effect.Effect<EventEditorView, EventEditRefused, Em>
    /**
     * Same actors, in any state: one page of the event's stored files (its organiser's, under
     * `event/event-{id}/`), newest first, each with what still uses it. `offset` from 0, `limit` 1 to 100;
     * anything else is refused naming the field.
     */
    files(
      actor: EventActor,
      eventId: number,
      page: { readonly offset: number; readonly limit: number },
    ): Effect.Effect<EventFilesPage, EventEditRefused | EventInputInvalid, Em>
    /**
     * Same actors, while editable: removes one of the event's stored files (with its thumbnail). A key outside
     * the event's folder is not found; the event's picture and a file a tournament names as its rules or
     * results are refused as in use (they are changed where they are used), so no page links to a removed file.
     */
    removeFile(
      actor: EventActor,
      eventId: number,
      key: string,
    ): Effect.Effect<void, EventEditRefused | EventFileNotFound | EventFileInUse, Em>
  }
>()('@kibitz/events/EventEditor') {
  static readonly layer = Layer.effect(
    EventEditor,
    Effect.gen(function* () {
      const organisers = yield* OrganiserService
      const eventTournaments = yield* EventTournaments
      const files = yield* EventFiles
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      /** The event, refused when it is not the actor's or not editable. */
      const editableOf = (actor: EventActor, event: EventEntity | null) =>
        !ownedBy(actor, event)
          ? Effect.fail(new EventEditRefused({ reason: 'notFound' }))
          : editableStates.includes(decodeState(event.state))
            ? Effect.succeed(event)
            : Effect.fail(new EventEditRefused({ reason: 'notEditable' }))

      /** The actor's event locked for writing, refused when it is not theirs or not editable. */
      const lockEditable = Effect.fn('EventEditor.lockEditable')(function* (
        actor: EventActor,
        eventId: number,
      ) {
        return yield* editableOf(actor, yield* Repo.lockForEdit(eventId))
      })

      const audit = (actor: EventActor, event: EventEntity, action: string, from: string | null, at: Date) =>
        recordAudit({
          eventId: event.id,
          action,
          actorUserId: actor.userId,
          fromState: from ?? event.state,
          toState: event.state,
          message: null,
          at,
        })

      const problemsOfEvent = (event: EventEntity) =>
        eventProblems(event).pipe(Effect.provideService(EventTournaments, eventTournaments))

      /** A public event's problems before an edit; null for a draft, which may lack anything while it is written. */
      const baselineOf = (event: EventEntity) =>
        publicStates.includes(decodeState(event.state)) ? problemsOfEvent(event) : Effect.succeed(null)

      /**
       * Refuses an edit of a public event that added anything publication refuses, each problem named by a field
       * of the saved form (`name`). The failure rolls the edit's transaction back: the event stays as it was.
       */
      const keepPublishable = Effect.fn('EventEditor.keepPublishable')(function* (
        event: EventEntity,
        baseline: ReadonlyArray<EventProblem> | null,
        name: (added: ReadonlyArray<EventProblem>) => ReadonlyArray<FieldProblem>,
      ) {
        if (baseline === null) return
        const added = addedProblems(baseline, yield* problemsOfEvent(event))
        if (added.length > 0) return yield* new EventInputInvalid({ problems: name(added) })
      })

      const decode = <S extends Schema.ConstraintDecoder<unknown>>(schema: S, input: unknown) => {
        const decoded = decodeWithProblems(schema, input)
        return decoded.ok
          ? Effect.succeed(decoded.value)
          : Effect.fail(new EventInputInvalid({ problems: decoded.problems }))
      }

      /** The general information, with a time zone this database keeps events in. */
      const decodeGeneral = Effect.fn('EventEditor.decodeGeneral')(function* (raw: unknown) {
        const input = yield* decode(GeneralInformationInput, raw)
        if (!(yield* Repo.knowsTimeZone(input.timeZone)))
          return yield* new EventInputInvalid({
            problems: [new FieldProblem({ field: 'timeZone', rule: ValidationRule.unknownChoice })],
          })
        return input
      })

      const create = Effect.fn('EventEditor.create')(function* (actor: EventActor, raw: unknown) {
        const input = yield* decodeGeneral(raw)
        // The super user creates for the accepted organiser they name, or for their own organiser account.
        const organiserId = actor.isSuper ? (input.organiserId ?? actor.organiserId) : actor.organiserId
        if (organiserId === null) return yield* new EventEditRefused({ reason: 'notOrganiser' })
        if (actor.isSuper && organiserId !== actor.organiserId) {
          const accepted = yield* organisers.publicOrganisers([organiserId])
          if (accepted.length === 0)
            return yield* new EventInputInvalid({
              problems: [new FieldProblem({ field: 'organiserId', rule: ValidationRule.unknownChoice })],
            })
        }
        const at = yield* now
        return yield* inTransaction(
          Effect.gen(function* () {
            const main = input.contents.find((c) => c.isMain) ?? input.contents[0]
            const year = input.dateStart.slice(0, 4)
            const name = main?.name ?? 'event'
            const base = slugOf(name.includes(year) ? name : `${name} ${year}`, `event-${year}`)
            const alias = yield* freeAlias(base, new Set())
            const event = yield* Repo.newEvent({
              key: crypto.randomUUID(),
              alias,
              organiserId,
              status: EventStatusId.draft,
              state: 'draft',
              dateStart: input.dateStart,
              dateEnd: input.dateEnd,
              createdAt: at,
              updatedAt: at,
            })
            yield* applyGeneral(event, input)
            yield* Repo.flush()
            yield* audit(actor, event, 'create', 'draft', at)
            return toEditorView(event)
          }),
        )
      })

      const view = Effect.fn('EventEditor.view')(function* (actor: EventActor, eventId: number) {
        const event = yield* Repo.findForEdit(eventId)
        if (!ownedBy(actor, event)) return yield* new EventEditRefused({ reason: 'notFound' })
        return toEditorView(event)
      })

      const updateGeneral = Effect.fn('EventEditor.updateGeneral')(function* (
        actor: EventActor,
        eventId: number,
        raw: unknown,
      ) {
        const input = yield* decodeGeneral(raw)
        return yield* inTransaction(
          Effect.gen(function* () {
            const event = yield* lockEditable(actor, eventId)
            const baseline = yield* baselineOf(event)
            const previous = { dateStart: event.dateStart, dateEnd: event.dateEnd }
            const at = yield* now
            yield* applyGeneral(event, input)
            yield* keepPublishable(event, baseline, (added) => namedForGeneral(added, previous, event))
            event.updatedAt = at
            yield* Repo.flush()
            // The time zone places each tournament's start, where its registration closes at the latest.
            yield* refreshTournamentSummary(event.id).pipe(
              Effect.provideService(EventTournaments, eventTournaments),
            )
            yield* audit(actor, event, 'updateGeneral', null, at)
            return toEditorView(event)
          }),
        )
      })

      const updateAdditional = Effect.fn('EventEditor.updateAdditional')(function* (
        actor: EventActor,
        eventId: number,
        raw: unknown,
      ) {
        const input = yield* decode(AdditionalInformationInput, raw)
        return yield* inTransaction(
          Effect.gen(function* () {
            const event = yield* lockEditable(actor, eventId)
            const baseline = yield* baselineOf(event)
            const at = yield* now
            event.externalPageUrl = nullable(input.externalPageUrl)
            event.liveResultsUrl = nullable(input.liveResultsUrl)
            event.hasLiveResults = input.liveResultsUrl != null
            event.championshipTypeText = nullable(input.championshipTypeText)
            event.isYouth = input.isYouth
            event.fbCommentsEnabled = input.fbCommentsEnabled
            event.showNativeName = input.showNativeName
            // Stored normalised (no spaces, upper case); all empty means the players pay at the venue.
            const payment = input.payment ?? noPaymentAccount
            const iban = normaliseIban(payment.iban)
            event.paymentIban = iban === '' ? null : iban
            event.paymentBeneficiary = iban === '' ? null : payment.beneficiary.trim()
            const bic = payment.bic.replace(/\s+/g, '').toUpperCase()
            event.paymentBic = iban === '' || bic === '' ? null : bic
            yield* keepPublishable(event, baseline, namedForAdditional)
            event.updatedAt = at
            yield* Repo.flush()
            yield* audit(actor, event, 'updateAdditional', null, at)
            return toEditorView(event)
          }),
        )
      })

      const problems = Effect.fn('EventEditor.problems')(function* (actor: EventActor, eventId: number) {
        const event = yield* Repo.findForEdit(eventId)
        if (!ownedBy(actor, event)) return yield* new EventEditRefused({ reason: 'notFound' })
        return yield* problemsOfEvent(event)
      })

      /** The stored object key behind a /files/ URL of ours, if it is one. */
      const keyOf = (url: string | null | undefined) =>
        url?.startsWith('/files/') ? decodeURIComponent(url.slice('/files/'.length)) : null

      /** A refused upload as the editor's invalid input, naming `file` as `fileField`. */
      const rejectedUpload = (fileField: string) => (rejected: FileRejected) =>
        Effect.fail(
          new EventInputInvalid({
            problems: [
              new FieldProblem({
                field: rejected.field === 'file' ? fileField : rejected.field,
                rule: isRule(rejected.rule) ? rejected.rule : ValidationRule.notAnImage,
              }),
            ],
          }),
        )

      const setImage = Effect.fn('EventEditor.setImage')(function* (
        actor: EventActor,
        eventId: number,
        upload: {
          readonly bytes: Uint8Array
          readonly filename: string
          readonly alt: string | null
          readonly thumbWidth?: number | undefined
        },
      ) {
        const alt = upload.alt?.trim() ? upload.alt.trim() : null
        if (alt !== null && Array.from(alt).length > 250)
          return yield* new EventInputInvalid({
            problems: [new FieldProblem({ field: 'imageAlt', rule: ValidationRule.tooLong })],
          })
        const {
          view: saved,
          previous,
          owner,
        } = yield* inTransaction(
          Effect.gen(function* () {
            const event = yield* lockEditable(actor, eventId)
            const image = yield* files
              .storeEventImage(event.organiserId, eventId, upload.bytes, {
                filename: upload.filename,
                thumbWidth: upload.thumbWidth,
              })
              .pipe(Effect.catchTag('FileRejected', rejectedUpload('image')))
            const previous = keyOf(event.imageUrl)
            const at = yield* now
            event.imageUrl = image.url
            event.thumbUrl = image.thumbUrl
            event.imageAlt = alt
            event.updatedAt = at
            yield* Repo.flush()
            yield* audit(actor, event, 'setImage', null, at)
            return { view: toEditorView(event), previous, owner: event.organiserId }
          }),
        )
        // After the commit: a picture that is no longer shown goes (a missing one is no matter).
        if (previous !== null) yield* files.removeFile(owner, previous).pipe(Effect.ignore)
        return saved
      })

      const removeImage = Effect.fn('EventEditor.removeImage')(function* (
        actor: EventActor,
        eventId: number,
      ) {
        const {
          view: saved,
          previous,
          owner,
        } = yield* inTransaction(
          Effect.gen(function* () {
            const event = yield* lockEditable(actor, eventId)
            const previous = keyOf(event.imageUrl)
            const at = yield* now
            event.imageUrl = null
            event.thumbUrl = null
            event.imageAlt = null
            event.updatedAt = at
            yield* Repo.flush()
            yield* audit(actor, event, 'removeImage', null, at)
            return { view: toEditorView(event), previous, owner: event.organiserId }
          }),
        )
        if (previous !== null) yield* files.removeFile(owner, previous).pipe(Effect.ignore)
        return saved
      })

      const storeDocument = Effect.fn('EventEditor.storeDocument')(function* (
        actor: EventActor,
        eventId: number,
        upload: {
          readonly tournamentId?: number | null | undefined
          readonly kind: DocumentKind
          readonly bytes: Uint8Array
          readonly filename: string
          readonly useAs?: 'rules' | 'results' | undefined
        },
      ) {
        const tournamentId = upload.tournamentId ?? null
        // Results are a tournament's (spec section 9: /results/tournament-{id}); the event has none of its own;
        // only a tournament's PDF can be its rules or results.
        if ((upload.kind === 'results' || upload.useAs !== undefined) && tournamentId === null)
          return yield* new EventInputInvalid({
            problems: [new FieldProblem({ field: 'tournamentId', rule: ValidationRule.required })],
          })
        return yield* inTransaction(
          Effect.gen(function* () {
            const event = yield* lockEditable(actor, eventId)
            if (tournamentId !== null) {
              // Another event's tournament (or none) reads as missing, as through the event's other calls.
              if ((yield* eventTournaments.eventOf(tournamentId)) !== eventId)
                return yield* new EventEditRefused({ reason: 'notFound' })
            }
            const folder =
              tournamentId === null
                ? { _tag: 'eventDocuments' as const, eventId }
                : upload.kind === 'results'
                  ? { _tag: 'tournamentResults' as const, eventId, tournamentId }
                  : { _tag: 'tournamentDocuments' as const, eventId, tournamentId }
            const document = yield* files
              .storeEventDocument(event.organiserId, folder, upload.bytes, { filename: upload.filename })
              .pipe(Effect.catchTag('FileRejected', rejectedUpload('file')))
            if (
              upload.useAs !== undefined &&
              tournamentId !== null &&
              !(yield* eventTournaments.attachFile(eventId, tournamentId, upload.useAs, document.url))
            )
              return yield* new EventEditRefused({ reason: 'notFound' })
            const at = yield* now
            event.updatedAt = at
            yield* Repo.flush()
            yield* audit(actor, event, 'storeDocument', null, at)
            return document
          }),
        )
      })

      /**
       * What uses each stored file of `event`, by object key: the picture (and its thumbnail), and every
       * tournament's rules and results file (stored as a key or as its /files/ URL).
       */
      const fileUses = Effect.fn('EventEditor.fileUses')(function* (event: EventEntity) {
        const uses = new Map<
          string,
          { readonly usedAs: EventFileUse; readonly tournamentId: number | null }
        >()
        for (const url of [event.imageUrl, event.thumbUrl]) {
          const key = keyOf(url)
          if (key !== null) uses.set(key, { usedAs: 'eventPicture', tournamentId: null })
        }
        for (const t of yield* eventTournaments.filesOf(event.id, event.timeZone)) {
          const named: ReadonlyArray<readonly [string | null, EventFileUse]> = [
            [t.rulesFile, 'tournamentRules'],
            [t.resultsFile, 'tournamentResults'],
          ]
          for (const [reference, usedAs] of named) {
            const key = reference === null ? null : (keyOf(reference) ?? reference)
            if (key !== null && !uses.has(key)) uses.set(key, { usedAs, tournamentId: t.tournamentId })
          }
        }
        return uses
      })

      const listFiles = Effect.fn('EventEditor.files')(function* (
        actor: EventActor,
        eventId: number,
        page: { readonly offset: number; readonly limit: number },
      ) {
        const problems: Array<FieldProblem> = []
        if (!Number.isSafeInteger(page.offset) || page.offset < 0 || page.offset > 2_000_000_000)
          problems.push(new FieldProblem({ field: 'offset', rule: ValidationRule.outOfRange }))
        if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > maxFilesPageLimit)
          problems.push(new FieldProblem({ field: 'limit', rule: ValidationRule.outOfRange }))
        if (problems.length > 0) return yield* new EventInputInvalid({ problems })
        const event = yield* Repo.findForEdit(eventId)
        if (!ownedBy(actor, event)) return yield* new EventEditRefused({ reason: 'notFound' })
        const listed = yield* files.listEventFiles(event.organiserId, eventId, page)
        const uses = yield* fileUses(event)
        return new EventFilesPage({
          files: listed.files.map((file) => {
            const use = uses.get(file.path)
            return new EventFileView({
              file,
              usedAs: use?.usedAs ?? null,
              usedByTournamentId: use?.tournamentId ?? null,
            })
          }),
          total: listed.total,
        })
      })

      const removeFile = Effect.fn('EventEditor.removeFile')(function* (
        actor: EventActor,
        eventId: number,
        key: string,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const event = yield* lockEditable(actor, eventId)
            if (!key.startsWith(eventFolderPrefix(eventId))) return yield* new EventFileNotFound({ key })
            const use = (yield* fileUses(event)).get(key)
            if (use !== undefined)
              return yield* new EventFileInUse({ key, usedAs: use.usedAs, tournamentId: use.tournamentId })
            const at = yield* now
            event.updatedAt = at
            yield* Repo.flush()
            yield* audit(actor, event, 'removeFile', null, at)
            // Last, so nothing after it can roll the row back once the bytes are gone.
            yield* files
              .removeFile(event.organiserId, key)
              .pipe(Effect.catchTag('StoredFileNotFound', () => Effect.fail(new EventFileNotFound({ key }))))
          }),
        )
      })

      return EventEditor.of({
        files: listFiles,
        removeFile,
        setImage,
        removeImage,
        storeDocument,
        create,
        view,
        updateGeneral,
        updateAdditional,
        problems,
      })
    }),
  )
}
