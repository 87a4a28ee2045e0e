import type { RegistrationForm } from '@kibitz/registration'
import {
  type CategoryLinePrices,
  isFreeTicket,
  priceLine,
  unitPriceOf as ruleUnitPrice,
} from '@kibitz/tournaments/pricing'

// The registration form's price summary, computed where the form is shown (in the browser, and on the server
// for visitors without JavaScript). Display only: the registration domain prices the entry again and answers
// 3000 when the total the visitor saw is no longer the price. The price rule is the tournaments domain's, the
// one TicketSales sells with (@kibitz/tournaments/pricing); here it reads the form's prices, early bird applied,
// taking the players in the order they are listed.

export type FormData = typeof RegistrationForm.Encoded
export type TicketData = FormData['tournament']['tickets'][number]
export type CategoryData = TicketData['ticketAgeCategories'][number]

/** A player as the form holds them: every value a string, as typed or chosen. */
export interface ContestantDraft {
  readonly firstName: string
  readonly lastName: string
  readonly countryCode: string
  readonly email: string
  readonly federationId: string
  readonly ticketId: string
  readonly ageCategoryId: string
}

export const emptyContestant: ContestantDraft = {
  firstName: '',
  lastName: '',
  countryCode: '',
  email: '',
  federationId: '',
  ticketId: '',
  ageCategoryId: '',
}

/** The tickets a visitor can choose: for sale with some left (and an age category to choose, if it has any). */
export const saleableTickets = (form: FormData): ReadonlyArray<TicketData> =>
  form.tournament.tickets.filter((k) => k.isAvailable)

/** The age categories of a ticket a visitor can choose: enabled, on sale today, with places left. */
export const categoriesOf = (ticket: TicketData | undefined): ReadonlyArray<CategoryData> =>
  ticket ? ticket.ticketAgeCategories.filter((a) => a.isAvailable) : []

export const unitPriceOf = (ticket: TicketData, category: CategoryData | undefined): number =>
  ruleUnitPrice(ticket, category?.currentPriceMinor)

export interface PriceLine {
  readonly ticket: TicketData
  readonly category: CategoryData | undefined
  readonly persons: number
  readonly unitMinor: number
  readonly totalMinor: number
  readonly earlyBird: boolean
}

const idOf = (value: string): number | null => (/^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null)

/**
 * The entry's ticket lines and total, or null while some player has no ticket (or a ticket with age
 * categories but none chosen), or names a ticket the form does not offer.
 */
export const priceOf = (
  form: FormData,
  contestants: ReadonlyArray<Pick<ContestantDraft, 'ticketId' | 'ageCategoryId'>>,
): { readonly lines: ReadonlyArray<PriceLine>; readonly totalMinor: number } | null => {
  const chosen: Array<Chosen> = []
  for (const c of contestants) {
    const ticket = form.tournament.tickets.find((k) => k.ticketId === idOf(c.ticketId))
    if (!ticket?.isAvailable) return null
    const category = categoriesOf(ticket).find((a) => a.ticketAgeCategoryId === idOf(c.ageCategoryId))
    // A ticket with age categories is sold only through one of them.
    if (ticket.ticketAgeCategories.length > 0 && !category) return null
    chosen.push({ ticket, category })
  }
  const first = chosen[0]
  if (!first) return null
  const lines: Array<PriceLine> = []
  const push = (c: Chosen, persons: number, earlyBirdLeft: number) => {
    for (const part of priceLine(c.ticket, persons, pricesOf(c, earlyBirdLeft))) {
      const line = lines.findIndex(
        (l) => l.ticket === c.ticket && l.category === c.category && l.earlyBird === part.earlyBird,
      )
      const existing = lines[line]
      if (existing)
        lines[line] = {
          ...existing,
          persons: existing.persons + part.persons,
          totalMinor: existing.totalMinor + part.totalMinor,
        }
      else
        lines.push({
          ...c,
          persons: part.persons,
          unitMinor: part.unitPriceMinor,
          totalMinor: part.totalMinor,
          earlyBird: part.earlyBird,
        })
    }
  }
  if (first.ticket.isPricePerTeam) push(first, chosen.length, earlyBirdPlaces(first.category))
  else {
    // Places at the early-bird price left per category, taken in the order the players are listed.
    const earlyLeft = new Map<number, number>()
    for (const c of chosen) {
      const left = c.category
        ? (earlyLeft.get(c.category.ticketAgeCategoryId) ?? earlyBirdPlaces(c.category))
        : 0
      if (c.category) earlyLeft.set(c.category.ticketAgeCategoryId, Math.max(0, left - 1))
      push(c, 1, left)
    }
  }
  return { lines, totalMinor: lines.reduce((sum, l) => sum + l.totalMinor, 0) }
}

interface Chosen {
  readonly ticket: TicketData
  readonly category: CategoryData | undefined
}

/** How many places a running early bird has left (no end quantity: as many as asked). */
const earlyBirdPlaces = (category: CategoryData | undefined): number =>
  category?.earlyBirdActive ? (category.earlyBirdPlacesLeft ?? Number.POSITIVE_INFINITY) : 0

/** The category's prices as the form shows them: its current price while its early bird runs, then its price. */
const pricesOf = (c: Chosen, earlyBirdLeft: number): CategoryLinePrices | null => {
  if (!c.category) return null
  const earlyBird = !isFreeTicket(c.ticket) && c.category.earlyBirdActive
  return {
    earlyBirdUnits: earlyBird ? earlyBirdLeft : 0,
    earlyBirdPriceMinor: c.category.currentPriceMinor,
    priceMinor: earlyBird ? c.category.priceMinor : c.category.currentPriceMinor,
  }
}

/** The field names of the form (the domain's dotted paths, so a problem finds its input). */
export const fieldName = {
  contestant: (i: number, key: keyof ContestantDraft) => `data.contestants.${i}.${key}`,
  teamName: 'data.teamName',
  contactEmail: 'data.contactEmail',
  paymentMethod: 'ticket.paymentMethod',
  expectedTotalMinor: 'ticket.expectedTotalMinor',
  policy: 'policy',
  players: 'players',
} as const

/** The register input the domain decodes, from the form's values (ids as numbers, an empty category null). */
export const inputOf = (values: {
  readonly contestants: ReadonlyArray<ContestantDraft>
  readonly teamName: string
  readonly contactEmail: string
  readonly paymentMethod: string
  readonly expectedTotalMinor: number
  readonly policy: boolean
}) => ({
  data: {
    contestants: values.contestants.map((c) => ({
      firstName: c.firstName,
      lastName: c.lastName,
      countryCode: c.countryCode,
      email: c.email,
      federationId: c.federationId.trim(),
      ticketId: idOf(c.ticketId) ?? 0,
      ageCategoryId: c.ageCategoryId === '' ? null : (idOf(c.ageCategoryId) ?? 0),
    })),
    teamName: values.teamName,
    contactEmail: values.contactEmail,
  },
  ticket: { expectedTotalMinor: values.expectedTotalMinor, paymentMethod: values.paymentMethod },
  policy: values.policy,
})

/** The ticket of `tickets` a field's value names, if any. */
export const ticketOf = (
  tickets: ReadonlyArray<TicketData>,
  ticketId: string | undefined,
): TicketData | undefined => tickets.find((k) => String(k.ticketId) === ticketId)

/** Without a choice to make, the only ticket (and its only category) is chosen. */
export const withDefaults = (form: FormData, c: ContestantDraft): ContestantDraft => {
  const tickets = saleableTickets(form)
  const ticketId = c.ticketId !== '' ? c.ticketId : tickets.length === 1 ? String(tickets[0]?.ticketId) : ''
  const categories = categoriesOf(ticketOf(tickets, ticketId))
  const ageCategoryId =
    c.ageCategoryId !== ''
      ? c.ageCategoryId
      : categories.length === 1
        ? String(categories[0]?.ticketAgeCategoryId)
        : ''
  return { ...c, ticketId, ageCategoryId }
}

/**
 * The players of a form as it was posted back (as many as it sent, within the tournament's limits), or of a
 * new form with player 1 filled from the visitor's account (`prefill`); a choice left to make is made.
 */
export const postedContestants = (
  form: FormData,
  values: Readonly<Record<string, string>>,
  prefill: { readonly firstName: string; readonly lastName: string; readonly email: string } | null,
): ReadonlyArray<ContestantDraft> => {
  const rule = form.contestants
  const count = Math.min(
    rule.max,
    Math.max(rule.min, Number(values[fieldName.players] ?? rule.min) || rule.min),
  )
  return Array.from({ length: count }, (_, i) => {
    const typed: Record<string, string> = {}
    for (const key of Object.keys(emptyContestant)) {
      const v = values[fieldName.contestant(i, key as keyof ContestantDraft)]
      if (v !== undefined) typed[key] = v
    }
    const base =
      i === 0 && prefill
        ? {
            ...emptyContestant,
            firstName: prefill.firstName,
            lastName: prefill.lastName,
            email: prefill.email,
          }
        : emptyContestant
    return withDefaults(form, { ...base, ...typed })
  })
}
