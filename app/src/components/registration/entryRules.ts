import { decodeWithProblems, ValidationRule } from '@kibitz/kernel/format'
import { RegisterInput } from '@kibitz/registration/input'
import {
  type ContestantDraft,
  categoriesOf,
  fieldName,
  inputOf,
  type TicketData,
  ticketOf,
} from './pricing.ts'

// What the registration form checks in the browser before it sends anything: the domain's own RegisterInput
// and the choices the form itself asks for. The server checks them again, and more.

/** The entry's values a problem can be found in. */
export interface EntryValues {
  readonly contestants: ReadonlyArray<ContestantDraft>
  readonly teamName: string
  readonly contactEmail: string
  readonly policy: boolean
}

/** A per-team ticket covers everyone: the others take player 1's ticket and category. */
export const effectiveContestants = (
  tickets: ReadonlyArray<TicketData>,
  list: ReadonlyArray<ContestantDraft>,
): ReadonlyArray<ContestantDraft> => {
  const head = list[0]
  const covers = ticketOf(tickets, head?.ticketId)?.isPricePerTeam ?? false
  return list.map((c, i) =>
    covers && i > 0 && head ? { ...c, ticketId: head.ticketId, ageCategoryId: head.ageCategoryId } : c,
  )
}

/** What the browser can find wrong with these values, by field (the server checks them again, and more). */
export const entryProblems = (
  tickets: ReadonlyArray<TicketData>,
  values: EntryValues,
  sale: { readonly paymentMethod: string; readonly expectedTotalMinor: number },
): Record<string, string> => {
  const list = effectiveContestants(tickets, values.contestants)
  const local: Record<string, string> = {}
  list.forEach((c, i) => {
    if (c.ticketId === '') local[fieldName.contestant(i, 'ticketId')] = ValidationRule.required
    else if (c.ageCategoryId === '' && categoriesOf(ticketOf(tickets, c.ticketId)).length > 0)
      local[fieldName.contestant(i, 'ageCategoryId')] = ValidationRule.required
  })
  const checked = decodeWithProblems(
    RegisterInput,
    inputOf({
      contestants: list,
      teamName: values.teamName,
      contactEmail: values.contactEmail,
      paymentMethod: sale.paymentMethod,
      expectedTotalMinor: sale.expectedTotalMinor,
      policy: values.policy,
    }),
  )
  return {
    ...(checked.ok ? {} : Object.fromEntries(checked.problems.map((p) => [p.field, p.rule]))),
    ...local,
  }
}

/**
 * The problems shown at `changed` fields after a change, `now` being what is wrong with the values now: gone
 * once the field is valid, else what is wrong with it now. A problem only the server finds (a federation number
 * it does not know) goes when its field changes; fields without a problem shown get none.
 */
export const revisedProblems = (
  shown: Readonly<Record<string, string>>,
  changed: ReadonlyArray<string>,
  now: Readonly<Record<string, string>>,
): Record<string, string> => {
  const next: Record<string, string> = { ...shown }
  for (const field of changed) {
    if (!(field in next)) continue
    const rule = now[field]
    if (rule === undefined) delete next[field]
    else next[field] = rule
  }
  return next
}
