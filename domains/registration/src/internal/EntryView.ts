import { EntryId, TournamentId } from '@kibitz/kernel'
import type { Tournament } from '@kibitz/tournaments'
import { Schema } from 'effect'
import { EntryContestant, EntryLine, EntryState, EntryView, type RegistrationEvent } from '../Registration.ts'
import { PaymentMethod, payableByCard } from '../RegistrationInput.ts'
import type { EntryEntity } from './entities/EntryEntity.ts'

const isEntryState = Schema.is(EntryState)
export const isPaymentMethod = Schema.is(PaymentMethod)

/**
 * A ticket and age category by what the organiser calls them: the ticket's type and the category's name, from the
 * tournament as it is now (null for what was removed meanwhile).
 */
export const ticketNames = (
  t: Tournament | null,
  ticketId: number | null,
  ageCategoryId: number | null,
): { readonly ticketType: number | null; readonly ageCategoryName: string | null } => {
  const ticket = ticketId === null ? undefined : t?.tickets.find((k) => k.ticketId === ticketId)
  const category =
    ageCategoryId === null
      ? undefined
      : ticket?.ticketAgeCategories.find((a) => a.ticketAgeCategoryId === ageCategoryId)
  return { ticketType: ticket?.type ?? null, ageCategoryName: category?.name ?? null }
}

/**
 * A stored entry as its registrant and its organiser see it, with its event and tournament (null when the
 * tournament was removed); card payment is offered only when `cardsEnabled`.
 */
export const entryView = (
  entry: EntryEntity,
  event: RegistrationEvent,
  t: Tournament | null,
  cardsEnabled: boolean,
): EntryView =>
  new EntryView({
    entryId: EntryId.make(entry.id),
    event: { eventId: event.eventId, alias: event.alias, name: event.name, timeZone: event.timeZone },
    tournament: {
      tournamentId: TournamentId.make(entry.tournamentId),
      alias: t?.alias ?? String(entry.tournamentId),
      name: t?.name ?? '',
      type: t?.type ?? 1,
      startDate: t?.startDate ?? '',
      startTime: t?.startTime ?? null,
    },
    status: isEntryState(entry.status) ? entry.status : 'pending',
    paymentMethod: isPaymentMethod(entry.paymentMethod) ? entry.paymentMethod : 'free',
    paid: entry.paidAt != null,
    paidAt: entry.paidAt?.toISOString() ?? null,
    totalMinor: entry.totalMinor,
    currencyCode: entry.currencyCode,
    lines: entry.lines.map(
      (l) => new EntryLine({ ...l, ...ticketNames(t, l.ticketId, l.ageCategoryId ?? null) }),
    ),
    reference: entry.reference ?? null,
    // A transfer stays possible while the entry waits, even after a card checkout was opened.
    bank: entry.reference && entry.status === 'pending' ? event.bank : null,
    canPayByCard:
      cardsEnabled && entry.status === 'pending' && payableByCard(entry.totalMinor, entry.currencyCode),
    expiresAt: entry.status === 'pending' ? (entry.expiresAt?.toISOString() ?? null) : null,
    teamName: entry.teamName ?? null,
    contactEmail: entry.contactEmail ?? null,
    contestants: entry.contestants.getItems().map(
      (c) =>
        new EntryContestant({
          firstName: c.firstName,
          lastName: c.lastName,
          countryCode: c.countryCode ?? null,
          email: c.email ?? null,
          federationId: c.federationId ?? null,
          federationVerified: c.federationVerified ?? null,
          ticketId: c.ticketId ?? null,
          ageCategoryId: c.ageCategoryId ?? null,
          ...ticketNames(t, c.ticketId ?? null, c.ageCategoryId ?? null),
        }),
    ),
    createdAt: entry.createdAt.toISOString(),
  })
