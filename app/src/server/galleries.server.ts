import { type EventActor, EventGalleries, GalleryId, GalleryItemId, type GalleryTarget } from '@kibitz/events'
import { maxEventImageBytes } from '@kibitz/files'
import { EventId, idFromText, inTransaction, TournamentId } from '@kibitz/kernel'
import { Effect } from 'effect'
import { currentEventActor } from './actor.server.ts'
import { sessionOf } from './auth.server.ts'
import { galleryPost } from './eventEditor.server.ts'
import {
  attempt,
  BodyTooLarge,
  backToForm,
  forward,
  type PostedForm,
  postedForm,
  Result,
  seeOther,
  withBodyLimit,
} from './forms.server.ts'

// The gallery manager's form posts (route event.manage.$eventId.event-gallery, `server.handlers.POST`;
// docs/decisions/041). They work without JavaScript: each reads the form, calls EventGalleries and answers 303 back
// to the screen, with the refused fields and everything typed when something was refused. The event picture's own
// form posts to the same screen without `?gallery` and is eventEditor.server.ts' galleryPost.

/** At most this many images in one upload form. */
export const maxImagesPerUpload = 20

/** Twenty images of up to 10 MB each, with the form's small fields. */
const maxUploadRequestBytes = maxImagesPerUpload * maxEventImageBytes + 256 * 1024

/** How many refused files the screen names (the form state travels in a short cookie). */
const namedRefusals = 8

/** The gallery a form names: `event`, or `tournament-{id}`. */
const targetOf = (eventId: EventId, raw: string | undefined): GalleryTarget | null => {
  if (raw === 'event') return { eventId, tournamentId: null }
  const id = idFromText(TournamentId, /^tournament-(\d{1,10})$/.exec(raw ?? '')?.[1])
  return id === null ? null : { eventId, tournamentId: id }
}

/** The screen's anchor for a gallery target, so the browser comes back to the gallery it was working on. */
const anchorOf = (raw: string | undefined) =>
  raw && /^(event|tournament-\d{1,10})$/.test(raw) ? `#gallery-${raw}` : ''

/**
 * The screen's POST: with `?gallery` a gallery form (upload, or save with an optional item action), otherwise the
 * event picture's form.
 */
export const galleryScreenPost = (request: Request, rawId: string): Promise<Response> =>
  new URL(request.url).searchParams.has('gallery')
    ? galleriesPost(request, rawId)
    : galleryPost(request, rawId)

const galleriesPost = withBodyLimit(async (request: Request, rawId: string): Promise<Response> => {
  const eventId = idFromText(EventId, rawId)
  if (eventId === null) return seeOther('/user/events')
  const screen = `/event/manage/${eventId}/event-gallery`
  const session = await sessionOf(request)
  if (!session.user) return seeOther(`/login?redirect=${encodeURIComponent(screen)}`)
  let form: PostedForm
  try {
    form = await postedForm(request, maxUploadRequestBytes)
  } catch (error) {
    if (error instanceof BodyTooLarge)
      return backToForm(request, screen, {
        form: 'event-gallery-upload',
        errors: { images: { rule: 'fileTooLarge' } },
        values: {},
      })
    throw error
  }
  const actor = await currentEventActor()
  if (!actor) return seeOther(`/login?redirect=${encodeURIComponent(screen)}`)
  if (form.fields.intent === 'upload' || form.fields.intent === 'pick')
    return upload(request, actor, eventId, screen, form)
  return save(request, actor, screen, form)
})

/** Why the event could not be changed at all: not the actor's (back to their events) or not editable. */
const refusedEvent = (request: Request, screen: string, reason: string, form: string) =>
  reason === 'notEditable'
    ? backToForm(request, screen, { form, errors: { form: { rule: 'notEditable' } }, values: {} })
    : seeOther('/user/events')

/**
 * `intent=upload`: every image under `images` into the gallery of `target`; `intent=pick`: the event's stored
 * images named by `keys` (checkboxes) into it.
 */
const upload = async (
  request: Request,
  actor: EventActor,
  eventId: EventId,
  screen: string,
  form: PostedForm,
) => {
  const raw = form.fields.target
  const target = targetOf(eventId, raw)
  const back = (errors: Record<string, { rule: string }>, values: Record<string, string> = {}) =>
    backToForm(request, `${screen}${anchorOf(raw)}`, {
      form: 'event-gallery-upload',
      errors,
      values: { target: raw ?? '', ...values },
    })
  if (target === null) return back({ target: { rule: 'unknownChoice' } })
  const result =
    form.fields.intent === 'pick'
      ? await pick(actor, target, form)
      : await (async () => {
          const files = form.files('images')
          if (files.length === 0) return 'required' as const
          if (files.length > maxImagesPerUpload) return 'outOfRange' as const
          const uploads = await Promise.all(
            files.map(async (file) => ({
              bytes: new Uint8Array(await file.arrayBuffer()),
              filename: file.name,
            })),
          )
          return attempt(EventGalleries.use((g) => g.addImages(actor, target, uploads)))
        })()
  if (typeof result === 'string') return back({ images: { rule: result } })
  if (Result.isFailure(result))
    return result.failure.reason === 'notFound' && target.tournamentId !== null
      ? back({ target: { rule: 'unknownChoice' } })
      : refusedEvent(request, screen, result.failure.reason, 'event-gallery-upload')
  const { added, refused } = result.success
  if (refused.length === 0) return forward(request, `${screen}${anchorOf(raw)}`, 'eventSaved')
  // Each refused file by name and reason, one a line ("name\trule"), so the screen can say which and why.
  const listed = refused
    .slice(0, namedRefusals)
    .map((r) => `${r.filename.replace(/[\t\n]/g, ' ').slice(0, 80)}\t${r.rule}`)
    .join('\n')
  return back(
    { images: { rule: refused[0]?.rule ?? 'notAnImage' } },
    {
      refused: listed,
      added: String(added.length),
      more: String(Math.max(0, refused.length - namedRefusals)),
    },
  )
}

/** `intent=pick`: the checked `keys`, at least one. */
const pick = async (actor: EventActor, target: GalleryTarget, form: PostedForm) => {
  const keys = form.list('keys').slice(0, 200)
  if (keys.length === 0) return 'required' as const
  return attempt(EventGalleries.use((g) => g.addStoredImages(actor, target, keys)))
}

/** The item an action button names (`up-{id}`, `down-{id}`, `remove-{id}`), if any. */
const actionOf = (raw: string | undefined) => {
  const match = /^(up|down|remove)-(\d{1,10})$/.exec(raw ?? '')
  const itemId = idFromText(GalleryItemId, match?.[2])
  return match && itemId !== null ? { kind: match[1], itemId } : null
}

/**
 * A gallery's form: its title, whether it is shown and each item's title (`title-{itemId}`) are saved first, so
 * nothing typed is lost when a move or removal button sent the form; then the button's action, if any.
 */
const save = async (request: Request, actor: EventActor, screen: string, form: PostedForm) => {
  const galleryId = idFromText(GalleryId, form.fields.galleryId)
  const raw = form.fields.target
  const at = `${screen}${anchorOf(raw)}`
  const formId = `event-gallery-${galleryId ?? 0}`
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(form.fields))
    if (key === 'title' || key === 'isActive' || /^title-\d{1,10}$/.test(key))
      values[key] = value.slice(0, 300)
  const back = (errors: Record<string, { rule: string }>) =>
    backToForm(request, at, { form: formId, errors, values })
  if (galleryId === null) return back({ form: { rule: 'notFound' } })
  const titles = Object.entries(form.fields).flatMap(([key, value]) => {
    const itemId = idFromText(GalleryItemId, /^title-(\d{1,10})$/.exec(key)?.[1])
    return itemId === null ? [] : [{ itemId, title: value }]
  })
  const action = actionOf(form.fields.intent)
  const result = await attempt(
    EventGalleries.use((g) =>
      // One transaction: a refused title leaves the gallery as it was, nothing half-saved.
      inTransaction(
        Effect.gen(function* () {
          yield* g.update(actor, galleryId, {
            title: form.fields.title ?? null,
            isActive: form.fields.isActive === 'on',
          })
          if (titles.length > 0) yield* g.setTitles(actor, galleryId, titles)
          if (action?.kind === 'up' || action?.kind === 'down')
            yield* g.move(actor, action.itemId, action.kind)
          if (action?.kind === 'remove') yield* g.removeItem(actor, action.itemId)
        }),
      ),
    ),
  )
  if (Result.isSuccess(result)) return forward(request, at, 'eventSaved')
  const failure = result.failure
  switch (failure._tag) {
    case 'GalleryNotFound':
      return back({ form: { rule: 'notFound' } })
    case 'EventEditRefused':
      return refusedEvent(request, screen, failure.reason, formId)
    case 'EventInputInvalid':
      return back(
        Object.fromEntries(
          failure.problems.map((p) => [
            p.field.replace(/^items\.(\d+)\.title$/, 'title-$1'),
            { rule: p.rule },
          ]),
        ),
      )
  }
}
