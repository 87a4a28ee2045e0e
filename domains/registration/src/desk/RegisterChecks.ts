import { FieldProblem, ValidationRule } from '@kibitz/kernel'
import type { SaleLine, Tournament } from '@kibitz/tournaments'
import { Effect, Option } from 'effect'
import type { FederationLookup } from '../federation/FederationLookup.ts'
import {
  type ChosenPaymentMethod,
  contestantRule,
  type RegisterInput,
  saleLinesOf,
} from '../RegistrationInput.ts'

// The checks of a registration against the tournament it was read with: the cross-field rules, the ticket lines
// it buys and the federation's answer per player (the register use case, desk/RegisterEntry.ts, runs them).

/** The cross-field rules: players per tournament type, team name, tickets of this tournament, per-team tickets. */
export const crossProblems = (
  input: RegisterInput,
  t: Tournament,
  methods: ReadonlyArray<ChosenPaymentMethod>,
) => {
  const problems: Array<FieldProblem> = []
  const add = (field: string, rule: FieldProblem['rule']) => problems.push(new FieldProblem({ field, rule }))
  const rule = contestantRule(t.type)
  const list = input.data.contestants
  if (list.length < rule.min || list.length > rule.max)
    add('data.contestants', ValidationRule.contestantCount)
  if (rule.teamName === 'required' && input.data.teamName.trim() === '')
    add('data.teamName', ValidationRule.required)
  const first = list[0]
  const firstTicket = t.tickets.find((k) => k.ticketId === first?.ticketId)
  for (const [i, c] of list.entries()) {
    const ticket = t.tickets.find((k) => k.ticketId === c.ticketId)
    if (!ticket) {
      add(`data.contestants.${i}.ticketId`, ValidationRule.unknownId)
      continue
    }
    if (
      c.ageCategoryId !== null &&
      !ticket.ticketAgeCategories.some((a) => a.ticketAgeCategoryId === c.ageCategoryId)
    )
      add(`data.contestants.${i}.ageCategoryId`, ValidationRule.unknownId)
    // A ticket with age categories is sold only through one of them (none left to choose: 3000, below).
    if (c.ageCategoryId === null && ticket.ticketAgeCategories.some((a) => a.isAvailable))
      add(`data.contestants.${i}.ageCategoryId`, ValidationRule.required)
    // A per-team ticket covers the whole entry: one ticket (and category) for everyone.
    if (
      (ticket.isPricePerTeam || firstTicket?.isPricePerTeam) &&
      (c.ticketId !== first?.ticketId || c.ageCategoryId !== first?.ageCategoryId)
    )
      add(`data.contestants.${i}.ticketId`, ValidationRule.sameTicket)
    if (t.verifyPlayer && c.federationId.trim() === '')
      add(`data.contestants.${i}.federationId`, ValidationRule.required)
  }
  if (
    input.ticket.expectedTotalMinor > 0 &&
    methods.length > 0 &&
    !methods.includes(input.ticket.paymentMethod)
  )
    add('ticket.paymentMethod', ValidationRule.unknownChoice)
  return problems
}

/** Whether the tournament's ticket has age categories (then one of them must be chosen). */
export const withCategories = (t: Tournament, ticketId: number) =>
  t.tickets.some((k) => k.ticketId === ticketId && k.ticketAgeCategories.length > 0)

/** The ticket lines the entry buys: one for the whole entry on a per-team ticket, else per ticket and category. */
export const saleLines = (input: RegisterInput, t: Tournament): ReadonlyArray<SaleLine> => {
  const list = input.data.contestants
  const first = list[0]
  const perTeam = t.tickets.find((k) => k.ticketId === first?.ticketId)?.isPricePerTeam ?? false
  if (perTeam && first)
    return [{ ticketId: first.ticketId, ageCategoryId: first.ageCategoryId, persons: list.length }]
  return saleLinesOf(list)
}

/** The federation's answer per player; the lookup being down never blocks a registration (decision 019). */
export const verifyPlayers = (federation: FederationLookup['Service'], input: RegisterInput, t: Tournament) =>
  Effect.gen(function* () {
    const verified: Array<boolean | null> = []
    const problems: Array<FieldProblem> = []
    for (const [i, c] of input.data.contestants.entries()) {
      const id = c.federationId.trim()
      if (id === '' || !federation.enabled || !t.verifyPlayer) {
        verified.push(null)
        continue
      }
      const answer = yield* federation.verify(id, c.firstName, c.lastName).pipe(
        Effect.map((v) => Option.some(v)),
        Effect.catchTag('FederationUnavailable', () => Effect.succeed(Option.none())),
      )
      if (Option.isNone(answer)) verified.push(null)
      else if (answer.value === 'verified') verified.push(true)
      else {
        verified.push(false)
        problems.push(
          new FieldProblem({
            field: `data.contestants.${i}.federationId`,
            rule:
              answer.value === 'nameMismatch'
                ? ValidationRule.federationMismatch
                : ValidationRule.federationUnknown,
          }),
        )
      }
    }
    return { verified, problems }
  })
