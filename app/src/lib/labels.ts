import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Spec section 9 event types, as the interface names them. */
export const eventTypeLabels: Record<number, MessageDescriptor> = {
  1: msg`Local`,
  2: msg`National`,
  3: msg`International`,
  4: msg`World class`,
}

/** Spec section 9 tournament types. */
export const tournamentTypeLabels: Record<number, MessageDescriptor> = {
  1: msg`Pairs`,
  2: msg`Teams`,
  3: msg`Individual`,
  4: msg`Other`,
}

/** Spec section 3 ticket types. */
export const ticketTypeLabels: Record<number, MessageDescriptor> = {
  1: msg`Basic`,
  2: msg`Medium`,
  3: msg`Advanced`,
  4: msg`Free of charge`,
}

/** Spec section 3 points score types. */
export const scoringLabels: Record<string, MessageDescriptor> = {
  VP: msg`Victory points`,
  IMP: msg`IMPs`,
  BAM: msg`Board-a-match`,
  PATTON: msg`Patton`,
  OTHER: msg`Other scoring`,
  MP_PAIRS: msg`Matchpoints (pairs)`,
  MP_TEAMS: msg`Matchpoints (teams)`,
}

/** Catalogue state filters. */
export const stateLabels: Record<string, MessageDescriptor> = {
  running: msg`Running now`,
  future: msg`Upcoming`,
  past: msg`Finished`,
  canceled: msg`Canceled`,
  postponed: msg`Postponed`,
}

/** The label of an event type, "International" for an unknown id. */
export const eventTypeLabel = (type: number): MessageDescriptor => eventTypeLabels[type] ?? msg`International`
