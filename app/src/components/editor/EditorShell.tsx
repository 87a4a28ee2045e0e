import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useId, useState } from 'react'
import { runEventAction } from '../../server/eventEditor.functions.ts'
import { StateBadge } from '../account/OwnEvents.tsx'
import { useFieldMessage } from '../Forms.tsx'
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
  readonly onDone: (outcome: Awaited<ReturnType<typeof runEventAction>>) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)
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
      },
    })
    setBusy(false)
    setOpen(false)
    props.onDone(outcome)
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
      <button
        type="button"
        className={buttonClass}
        onClick={() => (props.action === 'publish' && !republishing ? run() : setOpen(true))}
      >
        {labels[props.action]}
      </button>
    )
  return (
    <div className="flex w-full flex-col gap-2 rounded-lg border border-line p-3">
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
      ) : props.action === 'unpublish' ? (
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
          disabled={busy || (withMessage.has(props.action) && message.trim() === '')}
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

export function EditorShell(props: {
  readonly eventId: number
  readonly alias: string
  readonly name: string
  readonly state: string
  readonly problems: ReadonlyArray<EditorProblem>
  readonly current: EditorStepKey
  readonly children: ReactNode
}) {
  const { t } = useLingui()
  const labels = useStepLabels()
  const fieldName = useFieldName()
  const message = useFieldMessage()
  const router = useRouter()
  const navigate = useNavigate()
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: ReactNode } | null>(null)
  const actions = actionsByState[props.state] ?? []
  const isPublic = props.state === 'accepted' || props.state === 'postponed' || props.state === 'canceled'
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

  const done = async (outcome: Awaited<ReturnType<typeof runEventAction>>) => {
    if (outcome.ok) {
      if (outcome.to === null) {
        await navigate({ to: '/user/events/drafts' })
        return
      }
      const sent = outcome.notified
      setNotice({
        tone: 'ok',
        text:
          sent > 0 ? (
            <Plural
              value={sent}
              one="Done. # e-mail is on its way."
              other="Done. # e-mails are on their way."
            />
          ) : (
            t`Done.`
          ),
      })
      await router.invalidate()
      return
    }
    setNotice({
      tone: 'error',
      text:
        outcome.reason === 'invalidInput'
          ? t`Write a message of at most 2000 characters.`
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
          ) : null}
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
                onDone={done}
              />
            ))}
          </fieldset>
        ) : null}
        {notice ? (
          <p
            role={notice.tone === 'error' ? 'alert' : 'status'}
            className={notice.tone === 'error' ? 'text-sm text-danger-700' : 'text-sm text-brand-800'}
          >
            {notice.text}
          </p>
        ) : null}
      </header>
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
      <div>{props.children}</div>
    </section>
  )
}
