// What the browser knows of the signed-in user: plain data (no classes) so it crosses the server-function
// boundary, shared by the header, the guards and the account screens.

import type { OrganiserId, UserId } from '@kibitz/kernel/ids'

export interface SessionOrganiser {
  readonly organizerId: OrganiserId
  readonly status: number
  readonly type: number
  readonly name: string
}

export interface SessionUser {
  readonly id: UserId
  readonly isSuper: boolean
  readonly email: string
  readonly userName: string
  readonly avatarThumb: string | null
  readonly firstName: string | null
  readonly lastName: string | null
  readonly organizer: SessionOrganiser | null
  readonly hasOrganizer: boolean
  readonly isOrganizer: boolean
  readonly organizerStatus: number | null
}

export type AccountSwitch = 'player' | 'organiser'

/** Flash messages a redirect can leave for the next page (spec section 4: after login, and others). */
export const flashKeys = [
  'signedIn',
  'signedOut',
  'sessionEnded',
  'registered',
  'passwordReset',
  'resetSent',
  'profileSaved',
  'socialConnected',
  'socialDisconnected',
  'organiserApplied',
  'accountSwitched',
  'emailConfirmSent',
  'emailChanged',
  'eventSaved',
] as const
export type FlashKey = (typeof flashKeys)[number]
export const isFlashKey = (value: unknown): value is FlashKey => flashKeys.some((key) => key === value)

/** One invalid field of a redirected form: a validation rule (spec section 5) or a catalogue code (section 8). */
export interface FieldError {
  readonly rule?: string
  readonly code?: number
}

/** A form sent back to its page: its errors, a general failure code, and what was typed (never passwords). */
export interface FormState {
  readonly form: string
  readonly errors: Readonly<Record<string, FieldError>>
  readonly values: Readonly<Record<string, string>>
  readonly code?: number
  readonly retryAfter?: number
}

/** Organiser status (spec section 4). */
export const organiserStatus = { pending: 1, declined: 2, accepted: 3 } as const

/** Whether the user may use organiser-only screens (the super user always may). */
export const canUseOrganiserScreens = (user: SessionUser | null): boolean =>
  user !== null && (user.isSuper || user.isOrganizer)

/** Which account is in use: the stored switch, but only an accepted organiser (or super user) can be one. */
export const activeAccount = (user: SessionUser | null, stored: AccountSwitch | null): AccountSwitch =>
  stored === 'organiser' && canUseOrganiserScreens(user) ? 'organiser' : 'player'
