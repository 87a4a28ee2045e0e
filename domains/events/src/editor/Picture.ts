import {
  type Em,
  type EventId,
  FieldProblem,
  inTransaction,
  OrganiserId,
  ValidationRule,
} from '@kibitz/kernel'
import { Effect } from 'effect'
import type { EventActor } from '../EventActions.ts'
import type { EventEntity } from '../internal/entities/EventEntity.ts'
import { type EditorKit, keyOf, now, rejectedUpload, toEditorView } from './EditorKit.ts'
import { type EventImageUpload, EventInputInvalid } from './EditorModel.ts'

// The editor's gallery step: the event's picture and its alt text. The EventEditor methods of the same names.

interface Picture {
  readonly imageUrl: string | null
  readonly thumbUrl: string | null
  readonly imageAlt: string | null
}

/** EventEditor's setImage and removeImage. */
export const pictureSteps = (kit: EditorKit) => {
  const { repo, files, lockEditable, audit } = kit

  /**
   * Shows `picture(event)` (or none) as the event's picture under the event's lock, recorded as `action`; after the
   * commit the picture no longer shown goes (a missing one is no matter).
   */
  const showPicture = <E>(
    actor: EventActor,
    eventId: EventId,
    action: string,
    picture: (event: EventEntity) => Effect.Effect<Picture, E, Em>,
  ) =>
    Effect.gen(function* () {
      const { view, previous, owner } = yield* inTransaction(
        Effect.gen(function* () {
          const event = yield* lockEditable(actor, eventId)
          const shown = yield* picture(event)
          const previous = keyOf(event.imageUrl)
          const at = yield* now
          event.imageUrl = shown.imageUrl
          event.thumbUrl = shown.thumbUrl
          event.imageAlt = shown.imageAlt
          event.updatedAt = at
          yield* repo.flush()
          yield* audit(actor, event, action, null, at)
          return { view: toEditorView(event), previous, owner: OrganiserId.make(event.organiserId) }
        }),
      )
      if (previous !== null) yield* files.removeFile(owner, previous).pipe(Effect.ignore)
      return view
    })

  const setImage = Effect.fn('EventEditor.setImage')(function* (
    actor: EventActor,
    eventId: EventId,
    upload: EventImageUpload,
  ) {
    const alt = upload.alt?.trim() ? upload.alt.trim() : null
    if (alt !== null && Array.from(alt).length > 250)
      return yield* new EventInputInvalid({
        problems: [new FieldProblem({ field: 'imageAlt', rule: ValidationRule.tooLong })],
      })
    return yield* showPicture(actor, eventId, 'setImage', (event) =>
      files
        .storeEventImage(OrganiserId.make(event.organiserId), eventId, upload.bytes, {
          filename: upload.filename,
          thumbWidth: upload.thumbWidth,
        })
        .pipe(
          Effect.map((image) => ({ imageUrl: image.url, thumbUrl: image.thumbUrl, imageAlt: alt })),
          Effect.catchTag('FileRejected', rejectedUpload('image')),
        ),
    )
  })

  const removeImage = Effect.fn('EventEditor.removeImage')(function* (actor: EventActor, eventId: EventId) {
    return yield* showPicture(actor, eventId, 'removeImage', () =>
      Effect.succeed({ imageUrl: null, thumbUrl: null, imageAlt: null }),
    )
  })

  return { setImage, removeImage }
}
