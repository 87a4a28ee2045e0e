import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useBlocker, useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useId, useState } from 'react'
import { runEventAction } from '../../server/eventEditor.functions.ts'
import { StateBadge } from '../account/OwnEvents.tsx'
import { DateRange } from '../Dates.tsx'
import { useFieldMessage } from '../Forms.tsx'
import { KeptDraftsProvider, type KeptStep, useKeptDrafts } from './keptDrafts.tsx'
import { inputClass } from './kit.tsx'

// The frame of /event/manage/{id} (spec section 2): the event's name and state, the steps of the wizard, what
// still stops publication, and the state actions of spec section 4 that the event's state allows.

export type EditorStepKey =
  | 'general-information'
  | 'tournaments'
  | 'registration-entry-fees-and-prizes'
  | 'additional-information'
  | 'event-program'
  | 'event-gallery'
  | 'file-management-system'

export interface EditorProblem {
  readonly step: string
  readonly field: string
  readonly rule: string
  readonly tournamentId: number | null
}

type Action =
  | 'publish'
  | 'unpublish'
  | 'postpone'
  | 'unpublishAfterPostpone'
  | 'cancel'
  | 'delete'
  | 'notifyEventUsers'

/** The actions each state allows (decision 014); those in `withMessage` ask for the players' message. */
const actionsByState: Readonly<Record<string, ReadonlyArray<Action>>> = {
  draft: ['publish', 'delete'],
  postponedToDraft: ['publish', 'cancel'],
  accepted: ['unpublish', 'postpone', 'cancel', 'notifyEventUsers'],
  pending: ['cancel'],
  postponed: ['unpublishAfterPostpone', 'cancel', 'notifyEventUsers'],
  canceled: ['notifyEventUsers'],
}
const withMessage: ReadonlySet<Action> = new Set([
  'postpone',
  'unpublishAfterPostpone',
  'cancel',
  'notifyEventUsers',
])

function useStepLabels(): Record<EditorStepKey, string> {
  const { t } = useLingui()
  return {
    'general-information': t`General information`,
    tournaments: t`Tournaments`,
    'registration-entry-fees-and-prizes': t`Entry fees and prizes`,
    'additional-information': t`Additional information`,
    'event-program': t`Program`,
    'event-gallery': t`Gallery`,
    'file-management-system': t`Files`,
  }
}

const stepPath: Record<EditorStepKey, string> = {
  'general-information': '',
  tournaments: '/tournaments',
  'registration-entry-fees-and-prizes': '/registration-entry-fees-and-prizes',
  'additional-information': '/additional-information',
  'event-program': '/event-program',
  'event-gallery': '/event-gallery',
  'file-management-system': '/file-management-system',
}

export const stepHref = (eventId: number, step: EditorStepKey) => `/event/manage/${eventId}${stepPath[step]}`

/** A readable name for a problem's field: its first segment, translated where the editor knows it. */
function useFieldName(): (field: string) => string {
  const { t } = useLingui()
  const names: Record<string, string> = {
    contents: t`Event name`,
    dateStart: t`First day`,
    dateEnd: t`Last day`,
    countryCode: t`Country`,
    locations: t`Location`,
    currencyCode: t`Currency`,
    timeZone: t`Time zone`,
    organiserEmail: t`Organiser e-mail for players`,
    tournaments: t`Tournaments`,
    tickets: t`Tickets`,
    prizes: t`Prizes`,
    prizeSetup: t`Prize pool`,
    registrationStart: t`Registration opens`,
    registrationEnd: t`Registration closes`,
    startDate: t`Tournament start`,
    endDate: t`Tournament end`,
    name: t`Tournament name`,
    sessions: t`Sessions`,
    stages: t`Stages`,
    programs: t`Program`,
    resultsUrl: t`Results web address`,
  }
  return (field) => names[field.split('.')[0] ?? ''] ?? field
}

function ActionButton(props: {
  readonly eventId: number
  readonly state: string
  readonly action: Action
  /** The steps with unsaved changes, which publishing would leave out. */
  readonly unsavedSteps: ReadonlyArray<string>
  readonly onDone: (action: Action, outcome: Awaited<ReturnType<typeof runEventAction>>) => void
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
  const labels: Record<Action, string> = {
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
            <a
              href={`/event/${props.eventId}?preview`}
              target="_blank"
              rel="noopener"
              className="font-semibold text-brand-700 underline"
            >
              <Trans>Preview the public page</Trans>
            </a>
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

interface ShellProps {
  readonly eventId: number
  readonly alias: string
  readonly name: string
  readonly state: string
  /** The event's permissions (decision 017): without 'update' the editor shows everything disabled and says why. */
  readonly permissions: ReadonlyArray<string>
  readonly dateStart: string
  readonly dateEnd: string
  /** Postponed with its new dates to be announced (docs/decisions/032). */
  readonly datesToBeAnnounced: boolean
  readonly problems: ReadonlyArray<EditorProblem>
  readonly current: EditorStepKey
  readonly children: ReactNode
}

/** The frame of the editor, holding the drafts its steps keep while the organiser moves between them. */
export function EditorShell(props: ShellProps) {
  return (
    <KeptDraftsProvider>
      <Shell {...props} />
    </KeptDraftsProvider>
  )
}

/** Why the editor is read-only and what the organiser can do next; null while the event may be edited. */
function ReadOnlyNote(props: {
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

function Shell(props: ShellProps) {
  const { t } = useLingui()
  const labels = useStepLabels()
  const fieldName = useFieldName()
  const message = useFieldMessage()
  const router = useRouter()
  const navigate = useNavigate()
  const drafts = useKeptDrafts()
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: ReactNode } | null>(null)
  const actions = actionsByState[props.state] ?? []
  const isPublic = props.state === 'accepted' || props.state === 'postponed' || props.state === 'canceled'
  const readOnly = !props.permissions.includes('update')
  const steps = Object.keys(stepPath).filter((k): k is EditorStepKey => k in stepPath)
  const problemSteps = new Set(props.problems.map((p) => p.step))
  // The registrations are managed here too, but they are no wizard step: unnumbered, never a thing to fix.
  const registrationsHref = `/event/manage/${props.eventId}/registrations`
  const onRegistrations = useRouterState({
    select: (s) => s.location.pathname.replace(/\/$/, '') === registrationsHref,
  })
  const tabClass = (current: boolean) =>
    `rounded-t-lg border-b-2 px-3 py-2 text-sm font-semibold ${
      current ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted'
    }`
  const stepOfKept: Record<KeptStep, EditorStepKey> = {
    general: 'general-information',
    additional: 'additional-information',
  }
  const unsavedSteps = [...(drafts?.unsaved ?? [])].map((step) => labels[stepOfKept[step]])
  const unsavedList = unsavedSteps.join(', ')

  // Leaving the editor with unsaved input asks first (in-app links, and the browser's own leave prompt); moving
  // between its steps keeps the input (docs/decisions/032).
  const editorPath = `/event/manage/${props.eventId}`
  const leaving = useBlocker({
    shouldBlockFn: ({ next }) =>
      (drafts?.unsaved.size ?? 0) > 0 &&
      !(next.pathname === editorPath || next.pathname.startsWith(`${editorPath}/`)),
    enableBeforeUnload: () => (drafts?.unsaved.size ?? 0) > 0,
    withResolver: true,
  })

  const done = async (action: Action, outcome: Awaited<ReturnType<typeof runEventAction>>) => {
    if (outcome.ok) {
      if (outcome.to === null) {
        await navigate({ to: '/user/events/drafts' })
        return
      }
      // The event's new state first, so the message never shows beside the old state's actions.
      await router.invalidate()
      const sent = outcome.notified
      setNotice({
        tone: 'ok',
        text:
          action === 'publish' ? (
            <>
              <Trans>The event is published: players can find it in the catalogue now.</Trans>{' '}
              <a href={`/event/${props.alias}`} className="font-semibold text-brand-700 underline">
                <Trans>Open the public page</Trans>
              </a>
              {sent > 0 ? (
                <>
                  {' '}
                  <Plural value={sent} one="# e-mail is on its way." other="# e-mails are on their way." />
                </>
              ) : null}
            </>
          ) : sent > 0 ? (
            <Plural
              value={sent}
              one="Done. # e-mail is on its way."
              other="Done. # e-mails are on their way."
            />
          ) : (
            t`Done.`
          ),
      })
      return
    }
    const dates = outcome.fields.some((f) => f === 'dateStart' || f === 'dateEnd')
    setNotice({
      tone: 'error',
      text:
        outcome.reason === 'invalidInput'
          ? dates
            ? t`Choose the new dates: the first day on or before the last.`
            : t`Write a message of at most 2000 characters.`
          : outcome.reason === 'incomplete'
            ? t`The event is not ready to publish yet: see the list of things to fix.`
            : outcome.reason === 'hasEntries'
              ? t`Players have entered this event: postpone or cancel it instead.`
              : t`This cannot be done in the event’s current state.`,
    })
    await router.invalidate()
  }

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <p className="text-sm">
          <Link to="/user/events" className="text-brand-700 underline">
            <Trans>My events</Trans>
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">{props.name}</h1>
          <StateBadge state={props.state} />
          {isPublic ? (
            <Link
              to="/event/$eventId"
              params={{ eventId: props.alias }}
              className="text-sm text-brand-700 underline"
            >
              <Trans>View the public page</Trans>
            </Link>
          ) : (
            <a
              href={`/event/${props.eventId}?preview`}
              target="_blank"
              rel="noopener"
              className="text-sm text-brand-700 underline"
            >
              <Trans>Preview the public page</Trans>
            </a>
          )}
        </div>
        {actions.length > 0 ? (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t`Event actions`}</legend>
            {actions.map((action) => (
              <ActionButton
                key={action}
                eventId={props.eventId}
                state={props.state}
                action={action}
                unsavedSteps={unsavedSteps}
                onDone={done}
              />
            ))}
          </fieldset>
        ) : null}
        {notice ? (
          <p
            role={notice.tone === 'error' ? 'alert' : 'status'}
            data-testid="action-notice"
            className={notice.tone === 'error' ? 'text-sm text-danger-700' : 'text-sm text-brand-800'}
          >
            {notice.text}
          </p>
        ) : null}
        <ReadOnlyNote
          state={props.state}
          dateStart={props.dateStart}
          dateEnd={props.dateEnd}
          datesToBeAnnounced={props.datesToBeAnnounced}
        />
      </header>
      {leaving.status === 'blocked' ? (
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
              onClick={leaving.reset}
              className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white"
            >
              <Trans>Stay on this page</Trans>
            </button>
            <button
              type="button"
              onClick={leaving.proceed}
              className="inline-flex h-10 items-center rounded-lg border border-danger-700/40 px-4 text-sm font-semibold text-danger-700"
            >
              <Trans>Leave without saving</Trans>
            </button>
          </div>
        </div>
      ) : null}
      <nav aria-label={t`Event editing steps`} className="flex flex-wrap gap-1 border-b border-line">
        {steps.map((step, index) => (
          <a
            key={step}
            href={stepHref(props.eventId, step)}
            onClick={(e) => {
              e.preventDefault()
              void navigate({ href: stepHref(props.eventId, step) })
            }}
            aria-current={step === props.current && !onRegistrations ? 'page' : undefined}
            className={tabClass(step === props.current && !onRegistrations)}
          >
            {index + 1}. {labels[step]}
            {problemSteps.has(step) ? (
              <span className="ml-1 text-danger-700">
                <span aria-hidden="true">•</span>
                <span className="sr-only">{t`needs attention`}</span>
              </span>
            ) : null}
          </a>
        ))}
        <a
          href={registrationsHref}
          onClick={(e) => {
            e.preventDefault()
            void navigate({ href: registrationsHref })
          }}
          aria-current={onRegistrations ? 'page' : undefined}
          className={`${tabClass(onRegistrations)} sm:ml-auto`}
        >
          {t`Registrations`}
        </a>
      </nav>
      {props.problems.length > 0 && props.state !== 'canceled' ? (
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
      ) : null}
      {/* Read-only: every input of the step is disabled, not merely unsaved; the registrations stay managed. */}
      <fieldset disabled={readOnly && !onRegistrations} className="min-w-0">
        {props.children}
      </fieldset>
    </section>
  )
}
