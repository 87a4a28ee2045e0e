import { type InterfaceLocale, mailTranslator } from '@kibitz/kernel'
import type { I18n, Messages } from '@lingui/core'
import { messages as en } from './locales/en/messages.ts'
import { messages as es } from './locales/es/messages.ts'
import { messages as fr } from './locales/fr/messages.ts'
import { messages as it } from './locales/it/messages.ts'
import { messages as lt } from './locales/lt/messages.ts'
import { messages as pl } from './locales/pl/messages.ts'
import { messages as ru } from './locales/ru/messages.ts'

// The words of the organiser's registrations export (decision 034): its column headings and the values it
// spells out. They live in this folder because it is the domain's Lingui catalogue (lingui.config.ts), which the
// worker and the web process read alike without macros; the e-mails are its other texts.

const i18nFor = mailTranslator({ en, ru, lt, pl, es, it, fr } satisfies Record<InterfaceLocale, Messages>)

/** The export's columns in their order. */
export const csvColumns = [
  'entry',
  'tournament',
  'status',
  'paid',
  'paymentMethod',
  'reference',
  'total',
  'currency',
  'team',
  'contactEmail',
  'player',
  'firstName',
  'lastName',
  'country',
  'email',
  'federationId',
  'federationVerified',
  'ticket',
  'ageCategory',
  'registeredAt',
] as const
export type CsvColumn = (typeof csvColumns)[number]

const headings = (i18n: I18n): Record<CsvColumn, string> => ({
  entry: i18n._({ id: 'csv.heading.entry', message: 'Entry' }),
  tournament: i18n._({ id: 'csv.heading.tournament', message: 'Tournament' }),
  status: i18n._({ id: 'csv.heading.status', message: 'Status' }),
  paid: i18n._({ id: 'csv.heading.paid', message: 'Paid' }),
  paymentMethod: i18n._({ id: 'csv.heading.paymentMethod', message: 'Payment method' }),
  reference: i18n._({ id: 'csv.heading.reference', message: 'Payment reference' }),
  total: i18n._({ id: 'csv.heading.total', message: 'Entry total' }),
  currency: i18n._({ id: 'csv.heading.currency', message: 'Currency' }),
  team: i18n._({ id: 'csv.heading.team', message: 'Team' }),
  contactEmail: i18n._({ id: 'csv.heading.contactEmail', message: 'Contact e-mail' }),
  player: i18n._({ id: 'csv.heading.player', message: 'Player no.' }),
  firstName: i18n._({ id: 'csv.heading.firstName', message: 'First name' }),
  lastName: i18n._({ id: 'csv.heading.lastName', message: 'Last name' }),
  country: i18n._({ id: 'csv.heading.country', message: 'Country' }),
  email: i18n._({ id: 'csv.heading.email', message: 'Player e-mail' }),
  federationId: i18n._({ id: 'csv.heading.federationId', message: 'Federation ID' }),
  federationVerified: i18n._({ id: 'csv.heading.federationVerified', message: 'Checked by the federation' }),
  ticket: i18n._({ id: 'csv.heading.ticket', message: 'Ticket' }),
  ageCategory: i18n._({ id: 'csv.heading.ageCategory', message: 'Age category' }),
  registeredAt: i18n._({ id: 'csv.heading.registeredAt', message: 'Registered at' }),
})

const statuses = (i18n: I18n) => ({
  pending: i18n._({ id: 'csv.status.pending', message: 'Waiting for payment' }),
  confirmed: i18n._({ id: 'csv.status.confirmed', message: 'Confirmed' }),
  canceled: i18n._({ id: 'csv.status.canceled', message: 'Canceled' }),
  expired: i18n._({ id: 'csv.status.expired', message: 'Expired' }),
})

const methods = (i18n: I18n) => ({
  free: i18n._({ id: 'csv.method.free', message: 'Free' }),
  bankTransfer: i18n._({ id: 'csv.method.bankTransfer', message: 'Bank transfer' }),
  card: i18n._({ id: 'csv.method.card', message: 'Card' }),
  atVenue: i18n._({ id: 'csv.method.atVenue', message: 'At the venue' }),
})

/** Ticket types of the spec (1 basic, 2 medium, 3 advanced, 4 free of charge). */
const ticketTypes = (i18n: I18n): Readonly<Record<number, string>> => ({
  1: i18n._({ id: 'csv.ticket.basic', message: 'Basic' }),
  2: i18n._({ id: 'csv.ticket.medium', message: 'Medium' }),
  3: i18n._({ id: 'csv.ticket.advanced', message: 'Advanced' }),
  4: i18n._({ id: 'csv.ticket.free', message: 'Free of charge' }),
})

/** Every word of the export in one language. */
export interface CsvText {
  readonly headings: Readonly<Record<CsvColumn, string>>
  readonly status: Readonly<Record<'pending' | 'confirmed' | 'canceled' | 'expired', string>>
  readonly method: Readonly<Record<'free' | 'bankTransfer' | 'card' | 'atVenue', string>>
  readonly ticketType: Readonly<Record<number, string>>
  readonly yes: string
  readonly no: string
  /** A ticket the tournament no longer has, by its number. */
  readonly removedTicket: (ticketId: number) => string
}

const cache = new Map<InterfaceLocale, CsvText>()

/** The export's words in `locale`. */
export const csvText = (locale: InterfaceLocale): CsvText => {
  const known = cache.get(locale)
  if (known) return known
  const i18n = i18nFor(locale)
  const text: CsvText = {
    headings: headings(i18n),
    status: statuses(i18n),
    method: methods(i18n),
    ticketType: ticketTypes(i18n),
    yes: i18n._({ id: 'csv.yes', message: 'Yes' }),
    no: i18n._({ id: 'csv.no', message: 'No' }),
    removedTicket: (ticketId) =>
      i18n._({ id: 'csv.ticket.removed', message: 'Ticket #{ticketId}', values: { ticketId } }),
  }
  cache.set(locale, text)
  return text
}
