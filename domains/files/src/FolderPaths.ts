import type { EventId, TournamentId } from '@kibitz/kernel'

/** Storage folders of spec section 9; every stored file lives under one of these. */
export const FolderPaths = {
  eventDocuments: (eventId: EventId) => `event/event-${eventId}/documents`,
  eventGallery: (eventId: EventId) => `event/event-${eventId}/gallery`,
  tournamentDocuments: (eventId: EventId, tournamentId: TournamentId) =>
    `event/event-${eventId}/tournaments/tournament-${tournamentId}/documents`,
  tournamentResults: (eventId: EventId, tournamentId: TournamentId) =>
    `event/event-${eventId}/results/tournament-${tournamentId}`,
  pageGallery: (alias: string) => `page/${alias}/gallery`,
  pageDocuments: (alias: string) => `page/${alias}/documents`,
  pageOther: (alias: string) => `page/${alias}/other`,
} as const

/** Thumbnails are 500 px wide unless a caller asks otherwise (spec section 9). */
export { thumbnailWidthPx as defaultThumbnailWidth } from '@kibitz/kernel'
