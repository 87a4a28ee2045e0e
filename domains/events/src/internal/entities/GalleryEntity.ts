import { defineEntity, p } from '@mikro-orm/postgresql'

/**
 * A gallery of an event (`tournamentId` null) or of one of its tournaments (docs/decisions/041); at most one of
 * each (Migration20261127160000's partial unique indexes). `organiserId` is the event's owner, for tenancy.
 */
const GallerySchema = defineEntity({
  name: 'GalleryEntity',
  tableName: 'gallery',
  indexes: [{ properties: ['eventId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    eventId: p.integer(),
    tournamentId: p.integer().nullable(),
    organiserId: p.integer().index(),
    title: p.string().length(200).nullable(),
    isActive: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
})
export class GalleryEntity extends GallerySchema.class {}
GallerySchema.setClass(GalleryEntity)

/**
 * An image in a gallery: the stored file it shows (`storedFileId`, a foreign key that keeps the file while an item
 * uses it) and what a page needs of that file, copied when the item is made (a stored object never changes under
 * its key), with the item's own title and place.
 */
const GalleryItemSchema = defineEntity({
  name: 'GalleryItemEntity',
  tableName: 'gallery_item',
  indexes: [{ properties: ['galleryId', 'orderNumber'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    galleryId: p.integer(),
    storedFileId: p.integer().index(),
    orderNumber: p.integer(),
    title: p.string().length(200).nullable(),
    key: p.string().length(500),
    url: p.string().length(500),
    thumbUrl: p.string().length(500),
    thumbnails: p.json<ReadonlyArray<{ url: string; width: number; height: number }>>(),
    filename: p.string().length(255),
    width: p.integer(),
    height: p.integer(),
    uploadedAt: p.datetime(),
  },
})
export class GalleryItemEntity extends GalleryItemSchema.class {}
GalleryItemSchema.setClass(GalleryItemEntity)
