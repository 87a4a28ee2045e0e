import { notFound } from '@tanstack/react-router'
import { loadMoreEvents } from '../server/catalogue.functions.ts'
import type { Card } from './types.ts'

/** A not-found error carrying the 'more events' the not-found screen lists, fetched on the server. */
export const notFoundWithMoreEvents = async () => notFound({ data: { moreEvents: await loadMoreEvents() } })

const isCard = (value: unknown): value is Card =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  typeof value.id === 'number' &&
  'alias' in value &&
  typeof value.alias === 'string' &&
  'name' in value &&
  typeof value.name === 'string' &&
  'dateStart' in value &&
  typeof value.dateStart === 'string' &&
  'dateEnd' in value &&
  typeof value.dateEnd === 'string'

/** The events a not-found error carries, when it carries any. */
export const moreEventsOf = (data: unknown): ReadonlyArray<Card> | undefined => {
  if (typeof data !== 'object' || data === null || !('moreEvents' in data)) return undefined
  const events = data.moreEvents
  return Array.isArray(events) && events.every(isCard) ? events : undefined
}
