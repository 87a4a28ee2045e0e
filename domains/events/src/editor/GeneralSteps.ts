import {
  type EventId,
  FieldProblem,
  inTransaction,
  normaliseIban,
  slugify,
  ValidationRule,
} from '@kibitz/kernel'
import { Effect } from 'effect'
import { EventStatusId } from '../Event.ts'
import type { EventActor } from '../EventActions.ts'
import {
  AdditionalInformationInput,
  GeneralInformationInput,
  type GeneralInformationInput as GeneralInput,
  noPaymentAccount,
} from '../EventInput.ts'
import { namedForAdditional, namedForGeneral } from '../EventProblems.ts'
import { EventTournaments } from '../EventTournaments.ts'
import type { EventEditorRepo } from '../internal/EventEditorRepo.ts'
import { ownedBy } from '../internal/editorAccess.ts'
import type { EventEntity } from '../internal/entities/EventEntity.ts'
import { refreshTournamentSummary } from '../internal/TournamentSummary.ts'
import { searchTextOf } from '../SearchText.ts'
import { decode, type EditorKit, now, nullable, toEditorView } from './EditorKit.ts'
import { EventEditRefused, EventInputInvalid } from './EditorModel.ts'

// The editor's creation wizard and its general and additional information steps (spec section 2): a new draft
// from the general information, the view of an event, its two text steps, and what it lacks before publication.
// The EventEditor methods of the same names.

/** Lower-case slug of `text` (at most 100 characters), or `fallback` when nothing latin is left. */
const slugOf = (text: string, fallback: string): string => {
  const slug = slugify(text).slice(0, 100).replace(/-+$/, '')
  return slug.length > 0 ? slug : fallback
}

/** `base`, or `base-2`, `base-3`, …: the first that no event or content uses (nor `reserved`). */
const freeAlias = Effect.fn('EventEditor.freeAlias')(function* (
  repo: EventEditorRepo['Service'],
  base: string,
  reserved: ReadonlySet<string>,
) {
  const candidates = [base, ...Array.from({ length: 30 }, (_, i) => `${base}-${i + 2}`)]
  yield* repo.lockAliases()
  const taken = yield* repo.takenAliases(candidates)
  const free = candidates.find((c) => !taken.has(c) && !reserved.has(c))
  if (free !== undefined) return free
  // Thirty namesakes: a random suffix ends the search.
  return `${base}-${crypto.randomUUID().slice(0, 8)}`
})

/** Writes the general information onto `event`, keeping the aliases of languages it already had. */
const applyGeneral = Effect.fn('EventEditor.applyGeneral')(function* (
  repo: EventEditorRepo['Service'],
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
    const alias = yield* freeAlias(repo, slugOf(content.name, `${event.alias}-${content.language}`), reserved)
    reserved.add(alias)
    event.contents.add(
      yield* repo.newContent({
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
    yield* repo.removeEntity(dropped)
  }

  // Locations carry no identity of their own (tournaments name their place in words): replaced wholesale.
  for (const old of event.locations.getItems()) {
    event.locations.remove(old)
    yield* repo.removeEntity(old)
  }
  for (const l of input.locations) {
    event.locations.add(
      yield* repo.newLocation({
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

/** EventEditor's create, view, updateGeneral, updateAdditional, problems and screen. */
export const generalSteps = (kit: EditorKit) => {
  const {
    repo,
    organisers,
    eventTournaments,
    lockEditable,
    audit,
    baselineOf,
    keepPublishable,
    problemsOfEvent,
  } = kit

  /** The general information, with a time zone this database keeps events in. */
  const decodeGeneral = Effect.fn('EventEditor.decodeGeneral')(function* (raw: unknown) {
    const input = yield* decode(GeneralInformationInput, raw)
    if (!(yield* repo.knowsTimeZone(input.timeZone)))
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
        const alias = yield* freeAlias(repo, base, new Set())
        const event = yield* repo.newEvent({
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
        yield* applyGeneral(repo, event, input)
        yield* repo.flush()
        yield* audit(actor, event, 'create', 'draft', at)
        return toEditorView(event)
      }),
    )
  })

  const view = Effect.fn('EventEditor.view')(function* (actor: EventActor, eventId: EventId) {
    const event = yield* repo.findForEdit(eventId)
    if (!ownedBy(actor, event)) return yield* new EventEditRefused({ reason: 'notFound' })
    return toEditorView(event)
  })

  const updateGeneral = Effect.fn('EventEditor.updateGeneral')(function* (
    actor: EventActor,
    eventId: EventId,
    raw: unknown,
  ) {
    const input = yield* decodeGeneral(raw)
    return yield* inTransaction(
      Effect.gen(function* () {
        const event = yield* lockEditable(actor, eventId)
        const baseline = yield* baselineOf(event)
        const previous = { dateStart: event.dateStart, dateEnd: event.dateEnd }
        const at = yield* now
        yield* applyGeneral(repo, event, input)
        yield* keepPublishable(event, baseline, (added) => namedForGeneral(added, previous, event))
        event.updatedAt = at
        yield* repo.flush()
        // The time zone places each tournament's start, where its registration closes at the latest.
        yield* refreshTournamentSummary(eventId).pipe(
          Effect.provideService(EventTournaments, eventTournaments),
        )
        yield* audit(actor, event, 'updateGeneral', null, at)
        return toEditorView(event)
      }),
    )
  })

  const updateAdditional = Effect.fn('EventEditor.updateAdditional')(function* (
    actor: EventActor,
    eventId: EventId,
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
        yield* repo.flush()
        yield* audit(actor, event, 'updateAdditional', null, at)
        return toEditorView(event)
      }),
    )
  })

  const problems = Effect.fn('EventEditor.problems')(function* (actor: EventActor, eventId: EventId) {
    const event = yield* repo.findForEdit(eventId)
    if (!ownedBy(actor, event)) return yield* new EventEditRefused({ reason: 'notFound' })
    return yield* problemsOfEvent(event)
  })

  const screen = Effect.fn('EventEditor.screen')(function* (actor: EventActor, eventId: EventId) {
    const event = yield* repo.findForEdit(eventId)
    if (!ownedBy(actor, event)) return yield* new EventEditRefused({ reason: 'notFound' })
    return { view: toEditorView(event), problems: yield* problemsOfEvent(event) }
  })

  return { create, view, updateGeneral, updateAdditional, problems, screen }
}
