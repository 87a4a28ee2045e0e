import { ContestantEntity, EntryAuditEntity, EntryEntity } from './internal/entities/EntryEntity.ts'

/** Entity classes for the ORM set-up in infra/ only; no other package may use them. */
export const entities = [EntryEntity, ContestantEntity, EntryAuditEntity]
