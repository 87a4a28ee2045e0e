import {
  PrizeEntity,
  PrizeSetupEntity,
  ProgramDayEntity,
  TicketAgeCategoryEntity,
  TicketEntity,
  TournamentEntity,
  TournamentSessionEntity,
  TournamentStageEntity,
} from './internal/entities/TournamentEntity.ts'

/** Entity classes for the ORM set-up in infra/ only; no other package may use them. */
export const entities = [
  TournamentEntity,
  TournamentSessionEntity,
  TournamentStageEntity,
  ProgramDayEntity,
  TicketEntity,
  TicketAgeCategoryEntity,
  PrizeEntity,
  PrizeSetupEntity,
]
