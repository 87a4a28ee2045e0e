import { createHash } from 'node:crypto'
import {
  type EntryId,
  EventId,
  formatMoney,
  isoDate,
  MailMessage,
  Outbox,
  RateLimit,
  resolveInterfaceLocale,
} from '@kibitz/kernel'
import {
  categorySalesOpen,
  PricedLine,
  Ticket,
  TicketSales,
  Tournament,
  TournamentService,
} from '@kibitz/tournaments'
import { Clock, Effect, Option, Schema } from 'effect'
import { FederationLookup } from '../federation/FederationLookup.ts'
import { entryView } from '../internal/EntryView.ts'
import type { EntryEntity, StoredLine } from '../internal/entities/EntryEntity.ts'
import { type RegistrationMail, renderRegistrationMail } from '../internal/mail/RegistrationMail.ts'
import { RegistrationRepo } from '../internal/RegistrationRepo.ts'
import { CardPayments } from '../payment/CardPayments.ts'
import {
  ContestantRule,
  type RegistrationActor,
  RegistrationConfig,
  type RegistrationEvent,
  RegistrationEvents,
  RegistrationForm,
  RegistrationRefused,
  type TicketsChanged,
} from '../Registration.ts'
import { type ChosenPaymentMethod, contestantRule } from '../RegistrationInput.ts'

// What the registration desk's use cases share (issue 15 split RegistrationDesk.ts into one file per use case
// under desk/): the services they call, and reading an event, a tournament and an entry as every use case
// reads them, e-mails, links and the entry's view. Built once with the desk's layer and handed to each file.

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')
/** A token as the status link carries it: 32 random bytes, URL-safe. */
const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token)

/** A priced line as an entry stores it. */
export const toStored = (l: PricedLine): StoredLine => ({
  ticketId: l.ticketId,
  ageCategoryId: l.ageCategoryId,
  persons: l.persons,
  unitPriceMinor: l.unitPriceMinor,
  units: l.units,
  totalMinor: l.totalMinor,
  earlyBird: l.earlyBird,
})

/** A stored line as TicketSales gives it back. */
export const releaseLine = (l: StoredLine): PricedLine => new PricedLine({ ...l })

/** The event as the tournaments domain reads its tournaments (TournamentService's listForEvent, findInEvent). */
export const tournamentsEvent = (event: RegistrationEvent) =>
  ({ id: event.eventId, timeZone: event.timeZone, state: event.state }) as const

/** Names in e-mail subjects stay short enough for any subject line. */
export const short = (name: string) => (name.length > 120 ? `${name.slice(0, 119)}…` : name)

/**
 * Anonymous registrations per client address (docs/decisions/024): enough for a club secretary entering a dozen
 * pairs, not for one visitor to hold a tournament's places with invented entries until they expire.
 */
export const RegistrationLimits = {
  perAddress: 30,
  windowMs: 15 * 60_000,
  /** How long a process answers "sold out" from memory once it found a tournament sold out. */
  soldOutMemoMs: 3_000,
} as const

/**
 * A ticket that cannot be taken only because its places ran out: for sale, and either none of its own left or
 * (it is not available) the categories on sale today are all full.
 */
const soldOutTicket = (k: Ticket, today: string) =>
  k.isForSale && (k.ticketsLeft === 0 || k.ticketAgeCategories.some((a) => categorySalesOpen(a, today)))

/** Closed, unless only the tickets ran out while registration is otherwise open (then 3000, soldOut). */
export const soldOutWhileOpen = (event: RegistrationEvent, t: Tournament, at: Date) =>
  event.accepted &&
  t.hasRegistration &&
  t.isRegistrationEnabled &&
  (t.registrationStartDatetime === null || new Date(t.registrationStartDatetime) <= at) &&
  (t.registrationEndDatetime === null || at < new Date(t.registrationEndDatetime)) &&
  t.startDate > at.toISOString().slice(0, 10) &&
  !t.tickets.some((k) => k.isAvailable) &&
  t.tickets.some((k) => soldOutTicket(k, isoDate(at, event.timeZone)))

/** The tournament as its registration form offers it: only the tickets, and categories, a player can take today. */
const offered = (t: Tournament): Tournament =>
  new Tournament({
    ...t,
    tickets: t.tickets
      .filter((k) => k.isAvailable)
      .map(
        (k) => new Ticket({ ...k, ticketAgeCategories: k.ticketAgeCategories.filter((a) => a.isAvailable) }),
      ),
  })

/** The desk's services and the readings, e-mails and views its use cases share. */
export const makeDeskContext = Effect.gen(function* () {
  const events = yield* RegistrationEvents
  const config = yield* RegistrationConfig
  const sales = yield* TicketSales
  const tournaments = yield* TournamentService
  const outbox = yield* Outbox
  const rateLimit = yield* RateLimit
  const cards = yield* CardPayments
  const federation = yield* FederationLookup
  const repo = yield* RegistrationRepo
  const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
  const refuse = (reason: RegistrationRefused['reason']) => new RegistrationRefused({ reason })
  const decodeMail = Schema.decodeUnknownOption(MailMessage)

  const publicEvent = (eventRef: string, locale: string) =>
    Effect.flatMap(events.publicEvent(eventRef, locale), (found) =>
      Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(refuse('notFound')),
    )

  const findTournament = (event: RegistrationEvent, tournamentRef: string) =>
    tournaments
      .findInEvent(tournamentsEvent(event), tournamentRef)
      .pipe(Effect.mapError(() => refuse('notFound')))

  const methodsOf = (event: RegistrationEvent): ReadonlyArray<ChosenPaymentMethod> => [
    ...(event.bank ? (['bankTransfer'] as const) : []),
    ...(cards.enabled ? (['card'] as const) : []),
  ]

  /** The registration form of `tournament`, as read: the desk's answer to a form request and to a 3000. */
  const formOf = (event: RegistrationEvent, tournament: Tournament) =>
    new RegistrationForm({
      event,
      tournament: offered(tournament),
      contestants: new ContestantRule(contestantRule(tournament.type)),
      paymentMethods: methodsOf(event),
      federationLookup: federation.enabled,
    })

  /** Sold-out answers by language, event and tournament as asked for, each until its time (this process's). */
  const soldOutRecently = new Map<string, { readonly until: number; readonly refusal: TicketsChanged }>()
  const soldOut = {
    recall: (key: string, at: Date) => {
      const known = soldOutRecently.get(key)
      return known && known.until > at.getTime() ? known.refusal : null
    },
    remember: (key: string, refusal: TicketsChanged, at: Date) => {
      if (soldOutRecently.size >= 1_000) soldOutRecently.clear()
      soldOutRecently.set(key, { until: at.getTime() + RegistrationLimits.soldOutMemoMs, refusal })
    },
    /** Places came back (committed): a tournament remembered as sold out may have some again. */
    forget: () => Effect.sync(() => soldOutRecently.clear()),
  }

  const enqueue = (to: string, language: string, mail: RegistrationMail, kind: string) =>
    Effect.gen(function* () {
      const locale = resolveInterfaceLocale(language)
      const rendered = renderRegistrationMail(mail, locale)
      const decoded = decodeMail({ ...rendered, to, kind, language: locale })
      if (Option.isNone(decoded)) {
        yield* Effect.logWarning('registration mail: unusable address skipped', { kind })
        return
      }
      yield* outbox.enqueue(decoded.value)
    })

  const statusLink = (token: string) => `${config.publicUrl}/status?token=${token}`
  const eventLink = (event: RegistrationEvent) =>
    `${config.publicUrl}/event/${encodeURIComponent(event.alias)}`

  // E-mails write amounts as the registrant's language does ('12,50 €' in French).
  const money = (entry: Pick<EntryEntity, 'currencyCode' | 'language'>, minor: number) =>
    formatMoney(minor, { code: entry.currencyCode }, entry.language)

  const viewOf = (entry: EntryEntity, event: RegistrationEvent, t: Tournament | null) =>
    entryView(entry, event, t, cards.enabled)

  const eventOf = (entry: EntryEntity, locale: string) =>
    Effect.flatMap(events.byId(EventId.make(entry.eventId), locale), (found) =>
      Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(refuse('notFound')),
    )

  /** The entry's tournament as the public reads it (null if it was removed meanwhile). */
  const tournamentOf = (entry: EntryEntity, event: RegistrationEvent) =>
    tournaments
      .findInEvent(tournamentsEvent(event), String(entry.tournamentId))
      .pipe(Effect.orElseSucceed(() => null))

  const viewWithContext = (entry: EntryEntity, locale: string) =>
    Effect.gen(function* () {
      const event = yield* eventOf(entry, locale)
      return viewOf(entry, event, yield* tournamentOf(entry, event))
    })

  /**
   * Reads for one request (or one batch): each event, in each language, and each tournament at most once, for the
   * use cases that need them again after writing, for the e-mail and the view. Only what was found is kept.
   */
  const readsOnce = () => {
    const eventsRead = new Map<string, RegistrationEvent>()
    const tournamentsRead = new Map<string, Tournament | null>()
    const remember = (event: RegistrationEvent, locale: string) => {
      eventsRead.set(`${event.eventId}\n${locale}`, event)
    }
    const event = (entry: EntryEntity, locale: string) => {
      const known = eventsRead.get(`${entry.eventId}\n${locale}`)
      return known
        ? Effect.succeed(known)
        : Effect.tap(eventOf(entry, locale), (read) => Effect.sync(() => remember(read, locale)))
    }
    const tournament = (entry: EntryEntity, event: RegistrationEvent) => {
      const key = `${event.eventId}\n${entry.tournamentId}`
      const known = tournamentsRead.get(key)
      return known !== undefined
        ? Effect.succeed(known)
        : Effect.tap(tournamentOf(entry, event), (read) => Effect.sync(() => tournamentsRead.set(key, read)))
    }
    const view = (entry: EntryEntity, locale: string) =>
      Effect.gen(function* () {
        const read = yield* event(entry, locale)
        return viewOf(entry, read, yield* tournament(entry, read))
      })
    return { remember, event, tournament, view }
  }

  const entryOfToken = (token: string) =>
    Effect.gen(function* () {
      if (!isTokenShaped(token)) return yield* refuse('notFound')
      const entry = yield* repo.entryByTokenHash(hashToken(token))
      return entry ?? (yield* refuse('notFound'))
    })

  /** The event's organiser or the super user; anyone else is told the event does not exist. */
  const managedEvent = (actor: RegistrationActor, eventId: EventId, locale: string) =>
    Effect.gen(function* () {
      const found = yield* events.byId(eventId, locale)
      if (Option.isNone(found)) return yield* refuse('notFound')
      if (!actor.isSuper && found.value.organiserId !== actor.organiserId) return yield* refuse('notFound')
      return found.value
    })

  /** Locks an entry of an event the actor manages. */
  const managedEntry = (actor: RegistrationActor, entryId: EntryId) =>
    Effect.gen(function* () {
      // Authorised before locking: nobody holds a lock on another organiser's entry.
      const seen = yield* repo.entryById(entryId)
      if (!seen) return yield* refuse('notFound')
      const event = yield* managedEvent(actor, EventId.make(seen.eventId), seen.language)
      const entry = yield* repo.lockEntry(entryId)
      if (!entry) return yield* refuse('notFound')
      return { entry, event }
    })

  return {
    repo,
    events,
    config,
    sales,
    tournaments,
    rateLimit,
    cards,
    federation,
    now,
    refuse,
    publicEvent,
    findTournament,
    methodsOf,
    formOf,
    soldOut,
    enqueue,
    statusLink,
    eventLink,
    money,
    viewOf,
    eventOf,
    tournamentOf,
    viewWithContext,
    readsOnce,
    entryOfToken,
    managedEvent,
    managedEntry,
  }
})

/** What the desk's use case files are given. */
export type DeskContext = Effect.Success<typeof makeDeskContext>

/** One request's reads of events and tournaments (DeskContext's readsOnce). */
export type DeskReads = ReturnType<DeskContext['readsOnce']>
