import { EventId, FieldProblem, TournamentId, ValidationRule, withoutControlCharacters } from '@kibitz/kernel'
import { Effect } from 'effect'
import { EventInputInvalid } from '../editor/EditorModel.ts'
import { Gallery, GalleryId, GalleryItem, GalleryItemId, galleryTitleMax } from '../Gallery.ts'
import type { GalleryEntity, GalleryItemEntity } from './entities/GalleryEntity.ts'

// What EventGalleries makes of its rows and of typed titles (docs/decisions/041).

/** A title as typed: trimmed, control characters dropped, empty read as none; too long is a problem of `field`. */
export const cleanTitle = (
  raw: string | null | undefined,
  field: string,
): Effect.Effect<string | null, EventInputInvalid> => {
  const title = withoutControlCharacters(raw ?? '').trim()
  if (title === '') return Effect.succeed(null)
  return Array.from(title).length > galleryTitleMax
    ? Effect.fail(
        new EventInputInvalid({ problems: [new FieldProblem({ field, rule: ValidationRule.tooLong })] }),
      )
    : Effect.succeed(title)
}

/** An item as the domain answers it. */
export const toItem = (i: GalleryItemEntity) =>
  new GalleryItem({
    galleryItemId: GalleryItemId.make(i.id),
    title: i.title ?? null,
    url: i.url,
    imageThumb: i.thumbUrl,
    thumbnails: i.thumbnails,
    filename: i.filename,
    uploadedAt: i.uploadedAt.toISOString(),
    orderNumber: i.orderNumber,
    key: i.key,
    bucket: null,
    width: i.width,
    height: i.height,
  })

/** A gallery with those of `items` that are its own, in their order. */
export const toGallery = (g: GalleryEntity, items: ReadonlyArray<GalleryItemEntity>) =>
  new Gallery({
    galleryId: GalleryId.make(g.id),
    eventId: EventId.make(g.eventId),
    tournamentId: g.tournamentId == null ? null : TournamentId.make(g.tournamentId),
    title: g.title ?? null,
    isActive: g.isActive,
    galleryItems: items.filter((i) => i.galleryId === g.id).map(toItem),
  })
