import { Plural, Trans } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { DateRange } from '../Dates.tsx'
import { useFieldMessage } from '../Forms.tsx'
import {
  type EditorProblem,
  type EditorStepKey,
  stepHref,
  useFieldName,
  useStepLabels,
} from './editorSteps.ts'

// What the editor's frame tells the organiser beside the steps: why the event cannot be edited, what still
// stops publication (each linked to where it is fixed), and the question before leaving unsaved input.

/** Why the editor is read-only and what the organiser can do next; null while the event may be edited. */
export function ReadOnlyNote(props: {
  readonly state: string
  readonly dateStart: string
  readonly dateEnd: string
  readonly datesToBeAnnounced: boolean
}) {
  const box = 'rounded-card border-l-4 p-4 text-sm'
  if (props.state === 'postponed')
    return (
      <div role="note" data-testid="read-only-note" className={`${box} border-warn-800 bg-warn-100`}>
        <p className="font-bold">
          {props.datesToBeAnnounced ? (
            <Trans>This event is postponed; its new dates are to be announced.</Trans>
          ) : (
            <Trans>
              This event is postponed to <DateRange start={props.dateStart} end={props.dateEnd} />.
            </Trans>
          )}
        </p>
        <p className="mt-1">
          <Trans>
            A postponed event cannot be edited. To set its new dates or change anything else and publish it
            again, take it back to draft with “Unpublish after postponing”: it leaves the catalogue until you
            publish it, and its players are e-mailed the new dates then.
          </Trans>
        </p>
      </div>
    )
  if (props.state === 'canceled')
    return (
      <div role="note" data-testid="read-only-note" className={`${box} border-danger-700 bg-danger-100`}>
        <p className="font-bold">
          <Trans>This event is canceled. Canceled events cannot be edited.</Trans>
        </p>
        <p className="mt-1">
          <Trans>You can still message its registered players and manage their registrations.</Trans>
        </p>
      </div>
    )
  if (props.state === 'postponedToDraft')
    return (
      <div role="note" data-testid="postponed-draft-note" className={`${box} border-brand-700 bg-brand-100`}>
        <p>
          <Trans>
            This postponed event is back in draft: set its new dates and anything else, save, and publish it
            again.
          </Trans>
        </p>
      </div>
    )
  return null
}

/** Leaving the editor with unsaved input asks first (docs/decisions/032). */
export function LeaveDialog(props: {
  readonly unsavedList: string
  readonly onStay: () => void
  readonly onLeave: () => void
}) {
  const { unsavedList } = props
  return (
    <div
      role="alertdialog"
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      data-testid="leave-dialog"
      className="flex flex-col gap-3 rounded-card border-2 border-danger-700 bg-surface p-4 shadow-card"
    >
      <p id="leave-title" className="font-bold">
        <Trans>Leave without saving?</Trans>
      </p>
      <p id="leave-text" className="text-sm">
        <Trans>You have unsaved changes in {unsavedList}. They are lost if you leave now.</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          // The question is what the organiser answers next: focus its safe answer.
          ref={(button) => button?.focus()}
          onClick={props.onStay}
          className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white"
        >
          <Trans>Stay on this page</Trans>
        </button>
        <button
          type="button"
          onClick={props.onLeave}
          className="inline-flex h-10 items-center rounded-lg border border-danger-700/40 px-4 text-sm font-semibold text-danger-700"
        >
          <Trans>Leave without saving</Trans>
        </button>
      </div>
    </div>
  )
}

/** What still stops publication, each linked to the step (and tournament) where it is fixed. */
export function ProblemList(props: {
  readonly eventId: number
  readonly problems: ReadonlyArray<EditorProblem>
  readonly steps: ReadonlyArray<EditorStepKey>
}) {
  const labels = useStepLabels()
  const fieldName = useFieldName()
  const message = useFieldMessage()
  const navigate = useNavigate()
  const { steps } = props
  const editorPath = `/event/manage/${props.eventId}`
  return (
    <details className="rounded-card border border-warn-100 bg-warn-100/40 p-4">
      <summary className="cursor-pointer text-sm font-semibold">
        <Plural
          value={props.problems.length}
          one="# thing to fix before publishing"
          other="# things to fix before publishing"
        />
      </summary>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {props.problems.map((p) => (
          <li key={`${p.step}-${p.tournamentId ?? ''}-${p.field}`}>
            <a
              className="text-brand-700 underline"
              onClick={(e) => {
                e.preventDefault()
                void navigate({ href: e.currentTarget.getAttribute('href') ?? editorPath })
              }}
              href={
                p.tournamentId !== null && p.step === 'tournaments'
                  ? `/event/manage/${props.eventId}/tournaments/edit-tournament/${p.tournamentId}`
                  : `${stepHref(props.eventId, steps.find((s) => s === p.step) ?? 'general-information')}${
                      // The fees and program steps show one tournament at a time: open the one concerned.
                      p.tournamentId !== null ? `?tournament=${p.tournamentId}` : ''
                    }`
              }
            >
              {labels[steps.find((s) => s === p.step) ?? 'general-information']}
            </a>
            {' — '}
            {fieldName(p.field)}: {message({ rule: p.rule })}
          </li>
        ))}
      </ul>
    </details>
  )
}
