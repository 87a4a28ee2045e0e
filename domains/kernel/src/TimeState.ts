import { daysBetween } from './Dates.ts'

// Time state (spec section 4) compares calendar dates 'YYYY-MM-DD'; such strings order like the dates they
// name, so plain string comparison is exact. 'today' is passed in so the functions stay pure and the caller
// decides whose zone defines the day.

/** Time state ids of spec section 4: running 0, future 1, past 2. */
export const TimeState = { running: 0, future: 1, past: 2 } as const
export type TimeState = (typeof TimeState)[keyof typeof TimeState]

/** What event cards and lists show; 'justFinished' is display-only and never stored or sent. */
export type DisplayTimeState = 'running' | 'future' | 'justFinished' | 'past'

/** An event that ended at most this many days before today shows as just finished (today − 7 … today − 1). */
export const justFinishedDays = 7

// A missing or earlier end date is bad data; the event then lasts its start day only.
const effectiveEnd = (dateStart: string, dateEnd: string): string =>
  dateEnd && dateEnd >= dateStart ? dateEnd : dateStart

/** The time state of an event over an inclusive date range: running when today is within it. */
export const timeState = (dateStart: string, dateEnd: string, today: string): TimeState => {
  if (today < dateStart) return TimeState.future
  if (today > effectiveEnd(dateStart, dateEnd)) return TimeState.past
  return TimeState.running
}

/** The display time state: like timeState, but past events that ended within the last 7 days are 'justFinished'. */
export const displayTimeState = (dateStart: string, dateEnd: string, today: string): DisplayTimeState => {
  const state = timeState(dateStart, dateEnd, today)
  if (state === TimeState.running) return 'running'
  if (state === TimeState.future) return 'future'
  const daysSinceEnd = daysBetween(effectiveEnd(dateStart, dateEnd), today)
  return daysSinceEnd !== undefined && daysSinceEnd <= justFinishedDays ? 'justFinished' : 'past'
}
