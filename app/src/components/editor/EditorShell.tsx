import { isPublicState } from '@kibitz/events/states'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useBlocker, useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import type { runEventAction } from '../../server/eventEditor.functions.ts'
import { StateBadge } from '../account/OwnEvents.tsx'
import { LeaveDialog, ProblemList, ReadOnlyNote } from './EditorNotes.tsx'
import { ActionButton, actionsByState, type EventAction, PreviewLink } from './EventActionButton.tsx'
import { type EditorProblem, type EditorStepKey, stepHref, stepPath, useStepLabels } from './editorSteps.ts'
import { KeptDraftsProvider, type KeptStep, useKeptDrafts } from './keptDrafts.tsx'

// The frame of /event/manage/{id} (spec section 2): the event's name and state, the steps of the wizard, what
// still stops publication, and the state actions of spec section 4 that the event's state allows.

export type { EditorProblem, EditorStepKey } from './editorSteps.ts'
export { stepHref } from './editorSteps.ts'

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

function Shell(props: ShellProps) {
  const { t } = useLingui()
  const labels = useStepLabels()
  const router = useRouter()
  const navigate = useNavigate()
  const drafts = useKeptDrafts()
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: ReactNode } | null>(null)
  const actions = actionsByState[props.state] ?? []
  const isPublic = isPublicState(props.state)
  const readOnly = !props.permissions.includes('update')
  const steps = Object.keys(stepPath).filter((k): k is EditorStepKey => k in stepPath)
  const problemSteps = new Set(props.problems.map((p) => p.step))
  // The registrations are managed here too, but they are no wizard step: unnumbered, never a thing to fix.
  const registrationsHref = `/event/manage/${props.eventId}/registrations`
  const onRegistrations = useRouterState({
    select: (s) => s.location.pathname.replace(/\/$/, '') === registrationsHref,
  })
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

  const done = async (action: EventAction, outcome: Awaited<ReturnType<typeof runEventAction>>) => {
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
            <PreviewLink eventId={props.eventId} className="text-sm text-brand-700 underline" />
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
        <LeaveDialog unsavedList={unsavedList} onStay={leaving.reset} onLeave={leaving.proceed} />
      ) : null}
      <nav aria-label={t`Event editing steps`} className="flex flex-wrap gap-1 border-b border-line">
        {steps.map((step, index) => (
          <StepTab
            key={step}
            href={stepHref(props.eventId, step)}
            current={step === props.current && !onRegistrations}
          >
            {index + 1}. {labels[step]}
            {problemSteps.has(step) ? (
              <span className="ml-1 text-danger-700">
                <span aria-hidden="true">•</span>
                <span className="sr-only">{t`needs attention`}</span>
              </span>
            ) : null}
          </StepTab>
        ))}
        <StepTab href={registrationsHref} current={onRegistrations} end>
          {t`Registrations`}
        </StepTab>
      </nav>
      {props.problems.length > 0 && props.state !== 'canceled' ? (
        <ProblemList eventId={props.eventId} problems={props.problems} steps={steps} />
      ) : null}
      {/* Read-only: every input of the step is disabled, not merely unsaved; the registrations stay managed. */}
      <fieldset disabled={readOnly && !onRegistrations} className="min-w-0">
        {props.children}
      </fieldset>
    </section>
  )
}

/** A tab of the editor: a link that moves in place (the steps keep their unsaved input). */
function StepTab(props: {
  readonly href: string
  readonly current: boolean
  /** The last tab, set apart at the end of the row on wider screens. */
  readonly end?: boolean
  readonly children: ReactNode
}) {
  const navigate = useNavigate()
  const tabClass = `rounded-t-lg border-b-2 px-3 py-2 text-sm font-semibold ${
    props.current ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted'
  }`
  return (
    <a
      href={props.href}
      onClick={(e) => {
        e.preventDefault()
        void navigate({ href: props.href })
      }}
      aria-current={props.current ? 'page' : undefined}
      className={props.end ? `${tabClass} sm:ml-auto` : tabClass}
    >
      {props.children}
    </a>
  )
}
