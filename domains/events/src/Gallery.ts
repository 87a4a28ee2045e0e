import { EventId, TournamentId } from '@kibitz/kernel/ids'
import { Schema } from 'effect'

// Galleries of spec section 3 (Gallery, Gallery item): an event's own and one per tournament, many images each, in
// the organiser's order, with a title per item (docs/decisions/041). The rows are the events domain's; an item
// points at a stored file of the files domain and copies what a page needs of it (the file never changes under
// its key), so the public event page reads its galleries in the event's own statement.

const serial = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 }))

/** A gallery (gallery.id). */
export const GalleryId = serial.pipe(Schema.brand('GalleryId'))
export type GalleryId = typeof GalleryId.Type

/** An image in a gallery (gallery_item.id). */
export const GalleryItemId = serial.pipe(Schema.brand('GalleryItemId'))
export type GalleryItemId = typeof GalleryItemId.Type

/** The most characters a gallery's or an item's title may have. */
export const galleryTitleMax = 200

/** The most images one gallery holds. */
export const galleryItemsMax = 200

/** One stored width of an image, for `srcset`. */
export const GalleryThumbnail = Schema.Struct({ url: Schema.String, width: Schema.Int, height: Schema.Int })
export type GalleryThumbnail = typeof GalleryThumbnail.Type

/**
 * A gallery item of spec section 3: `url` the image, `imageThumb` its thumbnail (500 px unless asked otherwise),
 * `thumbnails` its responsive widths narrowest first, `width`/`height` the image's pixels, `key` the stored
 * object's key (`bucket` null: the platform's one store), `uploadedAt` an ISO instant, `orderNumber` from 1.
 */
export class GalleryItem extends Schema.Class<GalleryItem>('@kibitz/events/GalleryItem')({
  galleryItemId: GalleryItemId,
  title: Schema.NullOr(Schema.String),
  url: Schema.String,
  imageThumb: Schema.String,
  thumbnails: Schema.Array(GalleryThumbnail),
  filename: Schema.String,
  uploadedAt: Schema.String,
  orderNumber: Schema.Int,
  key: Schema.String,
  bucket: Schema.NullOr(Schema.String),
  width: Schema.Int,
  height: Schema.Int,
}) {}

/** A gallery of spec section 3: the event's (`tournamentId` null) or one tournament's, its items in order. */
export class Gallery extends Schema.Class<Gallery>('@kibitz/events/Gallery')({
  galleryId: GalleryId,
  eventId: EventId,
  tournamentId: Schema.NullOr(TournamentId),
  title: Schema.NullOr(Schema.String),
  isActive: Schema.Boolean,
  galleryItems: Schema.Array(GalleryItem),
}) {}

/** What creating a gallery takes (`POST /api/v1/gallery/create`): whose gallery, its title, whether shown. */
export const GalleryCreateInput = Schema.Struct({
  eventId: EventId,
  tournamentId: Schema.optional(Schema.NullOr(TournamentId)),
  title: Schema.optional(Schema.NullOr(Schema.String)),
  isActive: Schema.optional(Schema.Boolean),
})
export type GalleryCreateInput = typeof GalleryCreateInput.Type

/** The gallery (or the item) is not one of the actor's, or does not exist: the two read the same. */
export class GalleryNotFound extends Schema.TaggedError<GalleryNotFound>()('GalleryNotFound', {}) {}

/**
 * Which galleries use a stored file (the file manager's usage report, docs/decisions/040 and 041): the gallery,
 * the event it belongs to and the tournament when it is one's, its title, and the key used.
 */
export class GalleryUse extends Schema.Class<GalleryUse>('@kibitz/events/GalleryUse')({
  key: Schema.String,
  galleryId: GalleryId,
  eventId: EventId,
  tournamentId: Schema.NullOr(TournamentId),
  title: Schema.NullOr(Schema.String),
}) {}

/** An image for a gallery as an upload brings it. */
export interface GalleryImageUpload {
  readonly bytes: Uint8Array
  readonly filename: string
  readonly title?: string | null | undefined
  /** The thumbnail's width (spec image-upload's `thumbWidth`, 500 by default); the responsive widths are made too. */
  readonly thumbWidth?: number | undefined
}

/** A refused image of a multi-image upload: the file's name and why (the kernel's validation rule). */
export class GalleryUploadRefusal extends Schema.Class<GalleryUploadRefusal>(
  '@kibitz/events/GalleryUploadRefusal',
)({ filename: Schema.String, rule: Schema.String }) {}

/** What a multi-image upload did: the items added, in order, and each file refused with its reason. */
export class GalleryUploadResult extends Schema.Class<GalleryUploadResult>(
  '@kibitz/events/GalleryUploadResult',
)({
  added: Schema.Array(GalleryItem),
  refused: Schema.Array(GalleryUploadRefusal),
}) {}
