import { FileUse, type FileUsesOf } from '@kibitz/files'
import { Effect } from 'effect'
import { GalleryRepo } from './internal/GalleryRepo.ts'

/**
 * The events domain's gallery answer to the files domain's usage port (docs/decisions/040): `owner`'s galleries
 * that show a file under one of `keys`, as `FileUse`s (kind `gallery`, usedAs `galleryItem`, named by the
 * gallery's title or, untitled, by `#id`). Needs no service: the runtime adds it to `FileUsage.combining`.
 */
export const galleryFileUses: FileUsesOf = (owner, keys) =>
  Effect.map(
    GalleryRepo.use((repo) => repo.usesOf(owner, keys)).pipe(Effect.provide(GalleryRepo.layer)),
    (rows) =>
      rows.map(
        (row) =>
          new FileUse({
            key: row.key,
            kind: 'gallery',
            usedAs: 'galleryItem',
            name: row.title ?? `#${row.galleryId}`,
            eventId: row.eventId,
            tournamentId: row.tournamentId,
            galleryId: row.galleryId,
            pageAlias: null,
          }),
      ),
  )
