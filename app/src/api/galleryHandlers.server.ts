import { EventGalleries } from '@kibitz/events'
import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { Api } from './Api.ts'
import { editRefusal, invalidInput, sessionEventActor } from './eventEditorHandlers.server.ts'
import { NotFound, unknownCode } from './Problems.ts'
import { unitOfWork } from './unitOfWork.server.ts'

// POST v1/gallery/create over the events domain's EventGalleries; the actor comes from the session only.

/** POST v1/gallery/create. */
export const GalleryHandlers = HttpApiBuilder.group(Api, 'gallery', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const galleries = yield* EventGalleries

    const actor = sessionEventActor

    return handlers.handle('createGallery', ({ payload }) =>
      Effect.gen(function* () {
        const who = yield* actor
        return yield* run(galleries.create(who, payload)).pipe(
          Effect.mapError((failure) => {
            if (failure._tag === 'EventInputInvalid') return invalidInput(failure, ['payload'])
            // A tournament of another event reads as missing, as the event itself does.
            if (failure.reason === 'notFound' && payload.tournamentId != null)
              return new NotFound({
                code: unknownCode,
                detail: `No tournament ${payload.tournamentId} in an event ${payload.eventId} of yours`,
              })
            return editRefusal(payload.eventId, failure)
          }),
        )
      }),
    )
  }),
)
