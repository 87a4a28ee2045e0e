import { FieldProblem, inTransaction, ValidationRule } from '@kibitz/kernel'
import { Effect } from 'effect'
import type { EventActor } from '../EventActions.ts'
import { type EditorKit, keyOf, now, rejectedUpload, toEditorView } from './EditorKit.ts'
import { type EventImageUpload, EventInputInvalid } from './EditorModel.ts'

// The editor's gallery step: the event's picture and its alt text. The EventEditor methods of the same names.

/** EventEditor's setImage and removeImage. */
export const pictureSteps = (kit: EditorKit) => {
  const { repo, files, lockEditable, audit } = kit

  const setImage = Effect.fn('EventEditor.setImage')(function* (
    actor: EventActor,
    eventId: number,
    upload: EventImageUpload,
  ) {
    const alt = upload.alt?.trim() ? upload.alt.trim() : null
    if (alt !== null && Array.from(alt).length > 250)
      return yield* new EventInputInvalid({
        problems: [new FieldProblem({ field: 'imageAlt', rule: ValidationRule.tooLong })],
      })
    const {
      view: saved,
      previous,
      owner,
    } = yield* inTransaction(
      Effect.gen(function* () {
        const event = yield* lockEditable(actor, eventId)
        const image = yield* files
          .storeEventImage(event.organiserId, eventId, upload.bytes, {
            filename: upload.filename,
            thumbWidth: upload.thumbWidth,
          })
          .pipe(Effect.catchTag('FileRejected', rejectedUpload('image')))
        const previous = keyOf(event.imageUrl)
        const at = yield* now
        event.imageUrl = image.url
        event.thumbUrl = image.thumbUrl
        event.imageAlt = alt
        event.updatedAt = at
        yield* repo.flush()
        yield* audit(actor, event, 'setImage', null, at)
        return { view: toEditorView(event), previous, owner: event.organiserId }
      }),
    )
    // After the commit: a picture that is no longer shown goes (a missing one is no matter).
    if (previous !== null) yield* files.removeFile(owner, previous).pipe(Effect.ignore)
    return saved
  })

  const removeImage = Effect.fn('EventEditor.removeImage')(function* (actor: EventActor, eventId: number) {
    const {
      view: saved,
      previous,
      owner,
    } = yield* inTransaction(
      Effect.gen(function* () {
        const event = yield* lockEditable(actor, eventId)
        const previous = keyOf(event.imageUrl)
        const at = yield* now
        event.imageUrl = null
        event.thumbUrl = null
        event.imageAlt = null
        event.updatedAt = at
        yield* repo.flush()
        yield* audit(actor, event, 'removeImage', null, at)
        return { view: toEditorView(event), previous, owner: event.organiserId }
      }),
    )
    if (previous !== null) yield* files.removeFile(owner, previous).pipe(Effect.ignore)
    return saved
  })

  return { setImage, removeImage }
}
