import { Effect } from 'effect'
import type { DeskContext } from './DeskContext.ts'

// Whoever holds an entry's secret link: its state, with its event and tournament (decision 020). Paying by card
// from the same link is desk/CardCheckout.ts.

/** The desk's status. */
export const entryStatus = (desk: DeskContext) => {
  const { entryOfToken, viewWithContext } = desk

  const status = Effect.fn('RegistrationDesk.status')(function* (token: string, locale: string) {
    return yield* viewWithContext(yield* entryOfToken(token), locale)
  })

  return { status }
}
