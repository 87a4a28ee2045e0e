import type { PublicOrganiser } from '@kibitz/accounts'
import type { EventCard, EventPage, EventView, LocationSuggestion } from '@kibitz/events'
import type { Hotel } from '@kibitz/hotels'
import type { PageSummary } from '@kibitz/pages'
import type { ParticipantsCount, PlayerList } from '@kibitz/registration'
import type { Tournament } from '@kibitz/tournaments'

// What server functions hand to components: the encoded (plain JSON) form of the domain DTOs.
export type Card = typeof EventCard.Encoded
export type CardPage = typeof EventPage.Encoded
export type View = typeof EventView.Encoded
export type TournamentData = typeof Tournament.Encoded
export type OrganiserData = typeof PublicOrganiser.Encoded
export type HotelData = typeof Hotel.Encoded
export type PageData = typeof PageSummary.Encoded
export type ParticipantsData = typeof ParticipantsCount.Encoded
export type PlayerListData = typeof PlayerList.Encoded
export type Suggestion = typeof LocationSuggestion.Encoded
