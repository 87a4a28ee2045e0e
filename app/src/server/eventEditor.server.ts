import { type EditRefusal, EventEditor } from '@kibitz/events'
import { maxDocumentBytes } from '@kibitz/files'
import { EventId, idFromText, TournamentId } from '@kibitz/kernel'
import { currentEventActor } from './actor.server.ts'
import { sessionOf } from './auth.server.ts'
import { setEventImage } from './eventEditor.functions.ts'
import {
  attempt,
  BodyTooLarge,
  backToForm,
  forward,
  postedForm,
  Result,
  seeOther,
  withBodyLimit,
} from './forms.server.ts'

// The event editor's form posts, which work without JavaScript (routes event.manage.$eventId.event-gallery and
// .file-management-system `server.handlers.POST`): each reads the form and calls the domain's use case, then
// answers 303 back to the screen. The screens' server functions are in eventEditor.functions.ts.

/** An event picture of up to 10 MB (EventFiles' limit) with its form fields. */
const maxPictureRequestBytes = 11 * 1024 * 1024

/**
 * The gallery step's form (multipart, also without JavaScript): a new picture with its alt text, or the removal
 * of the current one; answers 303 back to the step, with the field's problem when it was refused.
 */
export const galleryPost = withBodyLimit(async (request: Request, rawId: string): Promise<Response> => {
  const eventId = idFromText(EventId, rawId)
  if (eventId === null) return seeOther('/user/events')
  const screen = `/event/manage/${eventId}/event-gallery`
  const session = await sessionOf(request)
  if (!session.user) return seeOther(`/login?redirect=${encodeURIComponent(screen)}`)
  const refused = (rule: string) =>
    backToForm(request, screen, { form: 'event-gallery', errors: { image: { rule } }, values: {} })
  let form: Awaited<ReturnType<typeof postedForm>>
  try {
    form = await postedForm(request, maxPictureRequestBytes)
  } catch (error) {
    if (error instanceof BodyTooLarge) return refused('fileTooLarge')
    throw error
  }
  const remove = form.fields.remove === '1'
  const file = form.file('image')
  if (!remove && !(file && file.size > 0)) return refused('required')
  const alt = (form.fields.alt ?? '').trim()
  const outcome = await setEventImage(
    eventId,
    remove || !file
      ? null
      : { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name, alt: alt || null },
  )
  if (outcome.ok) return forward(request, screen, 'eventSaved')
  if ('problems' in outcome) {
    const first = outcome.problems[0]
    return backToForm(request, screen, {
      form: 'event-gallery',
      errors: { [first?.field === 'imageAlt' ? 'alt' : 'image']: { rule: first?.rule ?? 'notAnImage' } },
      values: { alt },
    })
  }
  return seeOther(outcome.refused === 'signedOut' ? '/login' : '/user/events')
})

/** A PDF of up to 20 MB (EventFiles' limit) with the small fields of its form. */
const maxDocumentRequestBytes = maxDocumentBytes + 64 * 1024

/** Where an uploaded PDF goes: `event` (the event's documents), `documents-{id}` or `results-{id}` (a tournament's). */
/**
 * Where an uploaded PDF goes: the event's documents, a tournament's documents, its rules and regulations (kept
 * with its documents and linked from the tournament), or its results (published as the tournament's results).
 */
const documentTarget = (raw: string | undefined) => {
  if (raw === 'event') return { tournamentId: null, kind: 'documents' as const }
  const match = /^(documents|rules|results)-(\d{1,10})$/.exec(raw ?? '')
  const id = idFromText(TournamentId, match?.[2])
  if (!match || id === null) return null
  switch (match[1]) {
    case 'rules':
      return { tournamentId: id, kind: 'documents' as const, useAs: 'rules' as const }
    case 'results':
      return { tournamentId: id, kind: 'results' as const, useAs: 'results' as const }
    default:
      return { tournamentId: id, kind: 'documents' as const }
  }
}

/**
 * The file manager's forms (multipart or url-encoded, also without JavaScript), answering 303 back to the screen:
 * `intent=upload` stores a PDF (`file`) in the event's or a tournament's documents or results (`target`);
 * `intent=remove` removes the file stored under `key`. A refusal comes back on its field (file, target) or as
 * the reason a removal was refused (`remove`: the file's use, notFound; `form`: notEditable).
 */
export const filesPost = withBodyLimit(async (request: Request, rawId: string): Promise<Response> => {
  const eventId = idFromText(EventId, rawId)
  if (eventId === null) return seeOther('/user/events')
  const screen = `/event/manage/${eventId}/file-management-system`
  const session = await sessionOf(request)
  if (!session.user) return seeOther(`/login?redirect=${encodeURIComponent(screen)}`)
  const back = (errors: Record<string, { rule: string }>, values: Record<string, string> = {}, at = screen) =>
    backToForm(request, at, { form: 'event-files', errors, values })
  let form: Awaited<ReturnType<typeof postedForm>>
  try {
    form = await postedForm(request, maxDocumentRequestBytes)
  } catch (error) {
    if (error instanceof BodyTooLarge) return back({ file: { rule: 'fileTooLarge' } })
    throw error
  }
  const actor = await currentEventActor()
  if (!actor) return seeOther(`/login?redirect=${encodeURIComponent(screen)}`)
  const refusedEvent = (reason: EditRefusal, at = screen) =>
    reason === 'notEditable' ? back({ form: { rule: 'notEditable' } }, {}, at) : seeOther('/user/events')

  if (form.fields.intent === 'remove') {
    const page = /^\d{1,6}$/.test(form.fields.page ?? '') ? Number(form.fields.page) : 1
    const at = page > 1 ? `${screen}?page=${page}` : screen
    const key = form.fields.key ?? ''
    const removed = await attempt(EventEditor.use((e) => e.removeFile(actor, eventId, key)))
    if (Result.isSuccess(removed)) return forward(request, at, 'eventSaved')
    const failure = removed.failure
    switch (failure._tag) {
      case 'EventFileInUse':
        return back({ remove: { rule: failure.usedAs } }, { key }, at)
      case 'EventFileNotFound':
        return back({ remove: { rule: 'notFound' } }, { key }, at)
      case 'EventEditRefused':
        return refusedEvent(failure.reason, at)
    }
  }

  const target = documentTarget(form.fields.target)
  const values = { target: form.fields.target ?? '' }
  if (target === null) return back({ target: { rule: 'unknownChoice' } }, values)
  const file = form.file('file')
  if (!file || file.size === 0) return back({ file: { rule: 'required' } }, values)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const stored = await attempt(
    EventEditor.use((e) => e.storeDocument(actor, eventId, { ...target, bytes, filename: file.name })),
  )
  if (Result.isSuccess(stored)) return forward(request, screen, 'eventSaved')
  const failure = stored.failure
  if (failure._tag === 'EventEditRefused')
    // A tournament removed meanwhile (or another event's) reads as missing: choose again.
    return target.tournamentId !== null && failure.reason === 'notFound'
      ? back({ target: { rule: 'unknownChoice' } }, values)
      : refusedEvent(failure.reason)
  const first = failure.problems[0]
  return back(
    first?.field === 'tournamentId'
      ? { target: { rule: first.rule } }
      : { file: { rule: first?.rule ?? 'notAPdf' } },
    values,
  )
})
