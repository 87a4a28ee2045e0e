import {
  EmailField,
  PersonName,
  PlainText,
  RequiredTrue,
  rule,
  ValidationRule,
  validationLimits,
} from '@kibitz/kernel/format'
import { Schema } from 'effect'
import { chargeableByStripe, stripeAmountLimit } from './payment/StripeAmount.ts'

// What a visitor types to register for a tournament, shared by the registration screen (in the browser), the
// REST API and the registration domain. Browser-safe: effect and the kernel's format entry only.

/** Payment methods: free entries need none; at the venue when the organiser offers no online payment. */
export const PaymentMethod = Schema.Literals(['free', 'bankTransfer', 'card', 'atVenue'])
export type PaymentMethod = typeof PaymentMethod.Type

/** What the visitor may choose; free and at-venue follow from the price and the organiser's set-up. */
export const ChosenPaymentMethod = Schema.Literals(['bankTransfer', 'card'])
export type ChosenPaymentMethod = typeof ChosenPaymentMethod.Type

/**
 * The organiser's list by state (decision 034): `pending` waits for payment, `unpaid` is confirmed and still to be
 * paid (at the venue), `paid` is confirmed and paid, `confirmed` every confirmed entry, `canceled`, `expired`.
 */
export const EntryFilter = Schema.Literals(['pending', 'unpaid', 'paid', 'confirmed', 'canceled', 'expired'])
export type EntryFilter = typeof EntryFilter.Type

/**
 * States in the API's document (JSON Schema keywords) what the checks of the schema it annotates enforce; it
 * annotates the last check and checks nothing itself.
 */
const stated = (jsonSchema: Record<string, unknown>) => ({ toJsonSchema: () => jsonSchema })

/** An ISO 3166-1 alpha-2 country code, upper case. */
const CountryField = Schema.String.check(
  rule(ValidationRule.required, (s) => s !== ''),
  rule(ValidationRule.unknownChoice, (s: string) => /^[A-Z]{2}$/.test(s)),
).annotate(stated({ pattern: '^[A-Z]{2}$' }))

/** A national federation member number: letters, digits, '-', '/', '.'; empty when the player has none. */
const FederationIdField = Schema.String.check(
  rule(ValidationRule.tooLong, (s) => s.length <= 40),
  rule(ValidationRule.outOfRange, (s: string) => s === '' || /^[A-Za-z0-9./-]+$/.test(s)),
).annotate(stated({ maxLength: 40, pattern: '^[A-Za-z0-9./-]*$' }))

const IdField = Schema.Int.check(rule(ValidationRule.unknownId, (n: number) => n > 0)).annotate(
  stated({ minimum: 1 }),
)

/** A person's name as the API's document states it: 1 to 100 characters. */
const NameField = PersonName.annotate(stated({ minLength: 1, maxLength: validationLimits.personName }))

/** An e-mail address as the API's document states it. */
const Email = EmailField.annotate(stated({ format: 'email', maxLength: validationLimits.email }))

/** One player of the entry with the ticket (and age category) they take. */
export const ContestantInput = Schema.Struct({
  firstName: NameField,
  lastName: NameField,
  countryCode: CountryField,
  email: Email,
  federationId: FederationIdField,
  ticketId: IdField,
  ageCategoryId: Schema.NullOr(IdField),
})
export type ContestantInput = typeof ContestantInput.Type

/** The most players one entry may hold (a team of six). */
export const maxContestants = 6

/** The registration's `data`: the players, the team's name and where we write to. */
export const RegistrationData = Schema.Struct({
  contestants: Schema.Array(ContestantInput).check(
    rule(
      ValidationRule.contestantCount,
      (list: ReadonlyArray<ContestantInput>) => list.length >= 1 && list.length <= maxContestants,
    ).annotate(stated({ minItems: 1, maxItems: maxContestants })),
  ),
  /** Teams only (required there); ignored for pairs and individuals. */
  teamName: PlainText({ max: 100, allowCyrillic: true }).annotate(stated({ maxLength: 100 })),
  /** Who registers (and receives the e-mails and the status link); often the first player. */
  contactEmail: Email,
})
export type RegistrationData = typeof RegistrationData.Type

/** The registration's `ticket`: what the visitor saw, so a change meanwhile is told (3000), never applied silently. */
export const TicketChoice = Schema.Struct({
  expectedTotalMinor: Schema.Int.check(rule(ValidationRule.outOfRange, (n: number) => n >= 0)).annotate(
    stated({ minimum: 0 }),
  ),
  paymentMethod: ChosenPaymentMethod,
})
export type TicketChoice = typeof TicketChoice.Type

/** POST v1/tournament/{id}/register {data, ticket, policy}. */
export const RegisterInput = Schema.Struct({
  data: RegistrationData,
  ticket: TicketChoice,
  policy: RequiredTrue,
})
export type RegisterInput = typeof RegisterInput.Type

/**
 * The largest amount paid by card, in Stripe's unit of the currency (decision 031): Stripe takes at most eight
 * digits (999,999.99 of a two-decimal currency, ¥99,999,999). A larger entry is paid by bank transfer or at the venue.
 */
export const cardAmountLimitMinor = stripeAmountLimit

/**
 * Whether a card checkout takes this total in this currency: more than nothing, an amount Stripe charges exactly
 * (not KWD 1.234, whose last digit Stripe wants 0), at most the limit. Otherwise it is paid by transfer.
 */
export const payableByCard = (totalMinor: number, currencyCode: string): boolean =>
  chargeableByStripe(totalMinor, currencyCode)

/**
 * How many players an entry of a tournament type holds: a pair 2, a team 4 to 6, an individual 1, other
 * tournaments 1 to 6; and whether the entry needs a team name.
 */
export const contestantRule = (
  type: number,
): { readonly min: number; readonly max: number; readonly teamName: 'required' | 'none' | 'optional' } => {
  switch (type) {
    case 1:
      return { min: 2, max: 2, teamName: 'none' }
    case 2:
      return { min: 4, max: maxContestants, teamName: 'required' }
    case 3:
      return { min: 1, max: 1, teamName: 'none' }
    default:
      return { min: 1, max: maxContestants, teamName: 'optional' }
  }
}

/**
 * The ticket lines of an entry: contestants grouped by ticket and age category, in first-seen order. Spec
 * section 5's registration quantity follows from them in TicketSales: a per-team ticket takes one place per
 * entry (the team count), a per-person ticket one per player (2 per pair, the sum of players, individuals).
 */
export const saleLinesOf = (
  contestants: ReadonlyArray<Pick<ContestantInput, 'ticketId' | 'ageCategoryId'>>,
): ReadonlyArray<{
  readonly ticketId: number
  readonly ageCategoryId: number | null
  readonly persons: number
}> => {
  const lines = new Map<string, { ticketId: number; ageCategoryId: number | null; persons: number }>()
  for (const c of contestants) {
    const key = `${c.ticketId}:${c.ageCategoryId ?? ''}`
    const line = lines.get(key)
    if (line) line.persons += 1
    else lines.set(key, { ticketId: c.ticketId, ageCategoryId: c.ageCategoryId, persons: 1 })
  }
  return [...lines.values()]
}

/** Browser-side key of the saved form (spec section 4: kept when the visitor returns to the same tournament). */
export const savedRegistrationKey = 'kibitz.registration'
