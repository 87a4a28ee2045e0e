import { OrganiserId, UserId } from '@kibitz/kernel/ids'
import { Schema } from 'effect'

/** Spec section 4: organiser status pending 1, declined 2, accepted 3. */
export const OrganiserStatus = { pending: 1, declined: 2, accepted: 3 } as const
/** Spec section 6: organiser kind individual 1, company 2. */
export const OrganiserKind = { individual: 1, company: 2 } as const
/** Spec section 6: user role regular 1, admin 2. */
export const UserRole = { regular: 1, admin: 2 } as const

/** What a visitor sees of an organiser on an event page (spec section 3 Event.organizers). */
export class PublicOrganiser extends Schema.Class<PublicOrganiser>('@kibitz/accounts/PublicOrganiser')({
  organiserId: OrganiserId,
  name: Schema.String,
  websiteUrl: Schema.NullOr(Schema.String),
  image: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
}) {}

/** An accepted organiser who may create events (GET v1/user/event-creators). */
export class EventCreator extends Schema.Class<EventCreator>('@kibitz/accounts/EventCreator')({
  organizerId: OrganiserId,
  userId: UserId,
  name: Schema.String,
  type: Schema.Int,
}) {}
