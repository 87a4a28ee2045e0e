import { EventAuditEntity } from './internal/entities/EventAuditEntity.ts'
import { EventContentEntity, EventEntity, LocationEntity } from './internal/entities/EventEntity.ts'
import { GalleryEntity, GalleryItemEntity } from './internal/entities/GalleryEntity.ts'

/** Entity classes for the ORM set-up in infra/ only; no other package may use them. */
export const entities = [
  EventEntity,
  EventContentEntity,
  LocationEntity,
  EventAuditEntity,
  GalleryEntity,
  GalleryItemEntity,
]
