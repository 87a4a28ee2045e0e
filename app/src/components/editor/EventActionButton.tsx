import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { runEventAction } from '../../server/eventEditor.functions.ts'
import { inputClass } from './kit.tsx'

// The state actions of spec section 4 that an event's state allows (decision 014): each opens in place, asks
// what it needs (the players' message, the postponed event's new dates) and runs through the server.

export type EventAction =
  | 'publish'
  | 'unpublish'
  | 'postpone'
  | 'unpublishAfterPostpone'
  | 'cancel'
  | 'delete'
  | 'notifyEventUsers'

/** The actions each state allows (decision 014); those in `withMessage` ask for the players' message. */
export const actionsByState: Readonly<Record<string, ReadonlyArray<EventAction>>> = {
  draft: ['publish', 'delete'],
  postponedToDraft: ['publish', 'cancel'],
  accepted: ['unpublish', 'postpone', 'cancel', 'notifyEventUsers'],
  pending: ['cancel'],
  postponed: ['unpublishAfterPostpone', 'cancel', 'notifyEventUsers'],
  canceled: ['notifyEventUsers'],
}
const withMessage: ReadonlySet<EventAction> = new Set([
  'postpone',
  'unpublishAfterPostpone',
  'cancel',
  'notifyEventUsers',
])

export function ActionButton(props: {
  readonly eventId: number
  readonly state: string
  readonly action: EventAction
  /** The steps with unsaved changes, which publishing would leave out. */
  readonly unsavedSteps: ReadonlyArray<string>
  readonly onDone: (action: EventAction, outcome: Awaited<ReturnType<typeof runEventAction>>) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)
  // Postpone: to new dates, or with the new dates to be announced (docs/decisions/032).
  const [when, setWhen] = useState<'dates' | 'announced'>('dates')
  const [newStart, setNewStart] = useState('')
  const [newEnd, setNewEnd] = useState('')
  const unsavedList = props.unsavedSteps.join(', ')
  const datesMissing = props.action === 'postpone' && when === 'dates' && (newStart === '' || newEnd === '')
  // Publishing a postponed event again e-mails its players unless the organiser says not to (decision 014).
  const republishing = props.action === 'publish' && props.state === 'postponedToDraft'
  const [notifyUsers, setNotifyUsers] = useState(true)
  const labels: Record<EventAction, string> = {
    publish: t`Publish`,
    unpublish: t`Unpublish`,
    postpone: t`Postpone`,
    unpublishAfterPostpone: t`Unpublish after postponing`,
    cancel: t`Cancel the event`,
    delete: t`Delete the draft`,
    notifyEventUsers: t`Message the players`,
  }
  const run = async () => {
    setBusy(true)
    const outcome = await runEventAction({
      data: {
        eventId: props.eventId,
        action: props.action,
        ...(withMessage.has(props.action) ? { message } : {}),
        ...(republishing ? { notifyUsers } : {}),
        ...(props.action === 'postpone' && when === 'dates'
          ? { newDates: { dateStart: newStart, dateEnd: newEnd } }
          : {}),
      },
    })
    setBusy(false)
    if (outcome.ok || outcome.reason !== 'invalidInput') setOpen(false)
    props.onDone(props.action, outcome)
  }
  const danger = props.action === 'cancel' || props.action === 'delete'
  const buttonClass = `inline-flex h-10 items-center rounded-lg px-4 text-sm font-semibold ${
    props.action === 'publish'
      ? 'bg-brand-700 text-white hover:bg-brand-800'
      : danger
        ? 'border border-danger-700/40 text-danger-700'
        : 'border border-line text-brand-800'
  }`
  if (!open)
    return (
      <button type="button" className={buttonClass} onClick={() => setOpen(true)}>
        {labels[props.action]}
      </button>
    )
  return (
    <div className="flex w-full flex-col gap-2 rounded-lg border border-line p-3">
      {props.action === 'publish' ? (
        <div className="flex flex-col gap-2 text-sm">
          <p>
            <Trans>Before publishing, look at the public page as players will see it.</Trans>{' '}
            <PreviewLink eventId={props.eventId} className="font-semibold text-brand-700 underline" />
          </p>
          {unsavedList !== '' ? (
            <p role="alert" className="text-danger-700">
              <Trans>Unsaved changes in {unsavedList} are not published: save them first.</Trans>
            </p>
          ) : null}
        </div>
      ) : null}
      {props.action === 'postpone' ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold">
            <Trans>When will the event take place?</Trans>
          </legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-when`}
              checked={when === 'dates'}
              onChange={() => setWhen('dates')}
              className="h-4 w-4"
            />
            <Trans>On new dates</Trans>
          </label>
          {when === 'dates' ? (
            <div className="grid gap-2 pl-6 sm:grid-cols-2">
              <label className="flex flex-col gap-1 text-sm font-semibold">
                <Trans>New first day</Trans>
                <input
                  type="date"
                  value={newStart}
                  required
                  className={inputClass}
                  onChange={(e) => {
                    const value = e.currentTarget.value
                    setNewStart(value)
                    if (newEnd === '' || newEnd < value) setNewEnd(value)
                  }}
                />
              </label>
              <label className="flex flex-col gap-1 text-sm font-semibold">
                <Trans>New last day</Trans>
                <input
                  type="date"
                  value={newEnd}
                  min={newStart}
                  required
                  className={inputClass}
                  onChange={(e) => setNewEnd(e.currentTarget.value)}
                />
              </label>
            </div>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-when`}
              checked={when === 'announced'}
              onChange={() => setWhen('announced')}
              className="h-4 w-4"
            />
            <Trans>New dates to be announced</Trans>
          </label>
        </fieldset>
      ) : null}
      {withMessage.has(props.action) ? (
        <>
          <label htmlFor={id} className="text-sm font-semibold">
            <Trans>Message to the registered players</Trans>
          </label>
          <textarea
            id={id}
            value={message}
            maxLength={2000}
            rows={3}
            className={inputClass}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
        </>
      ) : republishing ? (
        <div className="flex items-start gap-2">
          <input
            id={id}
            type="checkbox"
            checked={notifyUsers}
            onChange={(e) => setNotifyUsers(e.currentTarget.checked)}
            className="mt-1 h-4 w-4"
          />
          <label htmlFor={id} className="text-sm">
            <Trans>E-mail the registered players that the event is back, with its dates</Trans>
          </label>
        </div>
      ) : props.action === 'publish' ? null : props.action === 'unpublish' ? (
        <p className="text-sm">
          <Trans>The event leaves the public catalogue until you publish it again.</Trans>
        </p>
      ) : (
        <p className="text-sm">
          <Trans>Are you sure? This cannot be undone.</Trans>
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass}
          disabled={busy || datesMissing || (withMessage.has(props.action) && message.trim() === '')}
          onClick={run}
        >
          {labels[props.action]}
        </button>
        <button type="button" className="h-10 px-3 text-sm" onClick={() => setOpen(false)}>
          <Trans>Back</Trans>
        </button>
      </div>
    </div>
  )
}

/** The event's public page as players will see it, opened in a new tab (before it is public). */
export function PreviewLink(props: { readonly eventId: number; readonly className: string }) {
  return (
    <a href={`/event/${props.eventId}?preview`} target="_blank" rel="noopener" className={props.className}>
      <Trans>Preview the public page</Trans>
    </a>
  )
}
