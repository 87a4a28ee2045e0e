import type { RegistrationForm } from '@kibitz/registration'

// The registration form's price summary, computed where the form is shown (in the browser, and on the server
// for visitors without JavaScript). Display only: the registration domain prices the entry again and answers
// 3000 when the total the visitor saw is no longer the price. Mirrors TicketSales: a per-team ticket is sold
// once per entry; a category's current price (early bird when active) replaces the ticket's price, for as many
// places as its early bird has left (the others of the entry pay its price).

export type FormData = typeof RegistrationForm.Encoded
export type TicketData = FormData['tournament']['tickets'][number]
export type CategoryData = TicketData['ticketAgeCategories'][number]

/** The free ticket type (spec section 3). */
const freeTicket = 4

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
  ticket.type === freeTicket ? 0 : category ? category.currentPriceMinor : ticket.priceMinor

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
  const chosen: Array<{ ticket: TicketData; category: CategoryData | undefined }> = []
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
  if (first.ticket.isPricePerTeam) {
    const unit = unitPriceOf(first.ticket, first.category)
    lines.push({
      ...first,
      persons: chosen.length,
      unitMinor: unit,
      totalMinor: unit,
      earlyBird: earlyBirdOf(first),
    })
  } else {
    // Places at the early-bird price left per category, taken in the order the players are listed.
    const earlyLeft = new Map<number, number>()
    for (const c of chosen) {
      const left = c.category
        ? (earlyLeft.get(c.category.ticketAgeCategoryId) ?? earlyBirdPlaces(c.category))
        : 0
      const earlyBird = earlyBirdOf(c) && left > 0
      if (c.category) earlyLeft.set(c.category.ticketAgeCategoryId, Math.max(0, left - 1))
      const unit =
        earlyBirdOf(c) && !earlyBird ? (c.category?.priceMinor ?? 0) : unitPriceOf(c.ticket, c.category)
      const line = lines.findIndex(
        (l) => l.ticket === c.ticket && l.category === c.category && l.earlyBird === earlyBird,
      )
      const existing = lines[line]
      if (existing)
        lines[line] = { ...existing, persons: existing.persons + 1, totalMinor: existing.totalMinor + unit }
      else lines.push({ ...c, persons: 1, unitMinor: unit, totalMinor: unit, earlyBird })
    }
  }
  return { lines, totalMinor: lines.reduce((sum, l) => sum + l.totalMinor, 0) }
}

/** How many places a running early bird has left (no end quantity: as many as asked). */
const earlyBirdPlaces = (category: CategoryData): number =>
  category.earlyBirdActive ? (category.earlyBirdPlacesLeft ?? Number.POSITIVE_INFINITY) : 0

const earlyBirdOf = (c: { readonly ticket: TicketData; readonly category: CategoryData | undefined }) =>
  c.ticket.type !== freeTicket && c.category !== undefined && c.category.earlyBirdActive

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
