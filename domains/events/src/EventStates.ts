import { Schema } from 'effect'

// An event's states and which of them a visitor sees, shared by the events domain and the browser (the
// organiser's list of events links the public page of a public one). Browser-safe: effect only.

/** Spec section 4: server statuses. Active: pending, accepted, postponed, canceled. */
export const EventState = Schema.Literals([
  'pending',
  'accepted',
  'postponed',
  'canceled',
  'draft',
  'postponedToDraft',
])
export type EventState = typeof EventState.Type
export const activeStates: ReadonlyArray<EventState> = ['pending', 'accepted', 'postponed', 'canceled']
/** States a visitor may see in the public catalogue (pending awaits acceptance). */
export const publicStates: ReadonlyArray<EventState> = ['accepted', 'postponed', 'canceled']

/** Whether an event in `state` is seen by visitors (its public page and the catalogue). */
export const isPublicState = (state: string): boolean => publicStates.some((s) => s === state)
