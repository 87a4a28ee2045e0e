import { savedRegistrationKey } from '@kibitz/registration/input'
import { Option, Schema } from 'effect'
import { type ContestantDraft, emptyContestant } from './pricing.ts'

// The registration form's players, kept in local storage while the visitor types (spec section 4): they come
// back only on the same tournament's form.

export interface Saved {
  readonly registrationPath: string
  readonly previousTournamentId: number
  readonly contestants: ReadonlyArray<ContestantDraft>
  readonly teamName: string
  readonly contactEmail: string
}

/** What local storage may hold: anything, so every field is checked and unknown ones are dropped. */
const Text = Schema.optionalKey(Schema.String)
const StoredDraft = Schema.Struct({
  registrationPath: Text,
  previousTournamentId: Schema.Number,
  contestants: Schema.Array(
    Schema.Struct({
      firstName: Text,
      lastName: Text,
      countryCode: Text,
      email: Text,
      federationId: Text,
      ticketId: Text,
      ageCategoryId: Text,
    }),
  ),
  teamName: Text,
  contactEmail: Text,
})
const decodeStoredDraft = Schema.decodeUnknownOption(Schema.fromJsonString(StoredDraft))

export const readSaved = (tournamentId: number): Saved | null => {
  try {
    const raw = window.localStorage.getItem(savedRegistrationKey)
    const stored = raw === null ? Option.none() : decodeStoredDraft(raw)
    if (Option.isNone(stored) || stored.value.previousTournamentId !== tournamentId) return null
    const s = stored.value
    return {
      registrationPath: s.registrationPath ?? '',
      previousTournamentId: tournamentId,
      contestants: s.contestants.map((c) => ({ ...emptyContestant, ...c })),
      teamName: s.teamName ?? '',
      contactEmail: s.contactEmail ?? '',
    }
  } catch {
    // Storage refused (private mode): start with an empty form.
    return null
  }
}

/** Keeps `saved` for the next visit; a storage that is full or refused only means it is not kept. */
export const keepSaved = (saved: Saved): void => {
  try {
    window.localStorage.setItem(savedRegistrationKey, JSON.stringify(saved))
  } catch {
    // Storage full or refused: the form still works, it is only not kept.
  }
}

/** Forgets the kept players once the entry is registered. */
export const forgetSaved = (): void => window.localStorage.removeItem(savedRegistrationKey)
