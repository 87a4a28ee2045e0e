import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { scoringLabels, tournamentTypeLabels } from '../../lib/labels.ts'
import {
  Fieldset,
  ListProblem,
  SaveButton,
  SaveStatus,
  SelectInput,
  SmallButton,
  TextInput,
  Toggle,
} from './kit.tsx'
import {
  emptySession,
  emptyStage,
  laterDate,
  type SessionDraft,
  type StageDraft,
  type TournamentDraft,
  tournamentDraftOf,
  withTournamentDraft,
} from './tournamentDraft.ts'
import { ProblemsElsewhere, type TournamentStepProps, useTournamentDraft } from './tournamentStep.tsx'

// The new tournament and edit tournament screens (spec sections 2 and 3): the tournament's own fields, its
// sessions and stages. Tickets, prizes and the program are edited on their own steps; this form sends them
// back as they were loaded.

/** The order the scoring select offers, most common first. */
const scoringOrder = ['MP_PAIRS', 'MP_TEAMS', 'IMP', 'VP', 'BAM', 'PATTON', 'OTHER'] as const

/** Fields of the input that other steps edit. */
const otherSteps = ['tickets', 'prizes', 'prizeSetup', 'programs']
const shownHere = (field: string) => !otherSteps.includes(field.split('.')[0] ?? '')

export function TournamentForm(
  props: TournamentStepProps & {
    /** The event's IANA time zone: the registration window is typed on its wall clock. */
    readonly timeZone: string
    /** The event's locations' names, offered for the tournament's location. */
    readonly locationNames: ReadonlyArray<string>
    /** The first day offered for a new session. */
    readonly eventStart: string
  },
) {
  const { t, i18n } = useLingui()
  const locationsId = useId()
  const { draft, setDraft, problems, status, form, save } = useTournamentDraft(props, tournamentDraftOf)

  const set = (patch: Partial<TournamentDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const setSession = (index: number, patch: Partial<SessionDraft>) =>
    setDraft((d) => ({ ...d, sessions: d.sessions.map((s, i) => (i === index ? { ...s, ...patch } : s)) }))
  const setStage = (index: number, patch: Partial<StageDraft>) =>
    setDraft((d) => ({ ...d, stages: d.stages.map((s, i) => (i === index ? { ...s, ...patch } : s)) }))

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    void save(withTournamentDraft(props.initial, draft))
  }

  const zone = props.timeZone.replaceAll('_', ' ')
  const windowHint = <Trans>Date and time in the event’s time zone ({zone}).</Trans>

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6">
      <fieldset disabled={props.readOnly} className="flex min-w-0 flex-col gap-6">
        <ProblemsElsewhere problems={problems} here={shownHere} />

        <Fieldset legend={<Trans>Name and kind</Trans>}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label={<Trans>Tournament name</Trans>}
              path="name"
              problems={problems}
              required
              maxLength={200}
              value={draft.name}
              onChange={(name) => set({ name })}
            />
            <TextInput
              label={<Trans>Additional name</Trans>}
              path="additionalName"
              problems={problems}
              maxLength={200}
              hint={<Trans>For example: Swiss, Open, Seniors</Trans>}
              value={draft.additionalName}
              onChange={(additionalName) => set({ additionalName })}
            />
            <SelectInput
              label={<Trans>Tournament type</Trans>}
              path="type"
              problems={problems}
              required
              value={draft.type}
              onChange={(type) => set({ type })}
              options={[1, 2, 3, 4].map((value) => {
                const label = tournamentTypeLabels[value]
                return { value: String(value), label: label ? i18n._(label) : String(value) }
              })}
            />
            <SelectInput
              label={<Trans>Points scoring</Trans>}
              path="pointsScoreType"
              problems={problems}
              required
              value={draft.pointsScoreType}
              onChange={(pointsScoreType) => set({ pointsScoreType })}
              options={scoringOrder.map((value) => {
                const label = scoringLabels[value]
                return { value, label: label ? i18n._(label) : value }
              })}
            />
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold">
              <Trans>Format</Trans>
            </legend>
            <Toggle
              label={<Trans>Several sessions</Trans>}
              path="isMultiSession"
              problems={problems}
              checked={draft.isMultiSession}
              onChange={(isMultiSession) => set({ isMultiSession })}
            />
            <Toggle
              label={<Trans>A complex format</Trans>}
              path="isComplicated"
              problems={problems}
              checked={draft.isComplicated}
              onChange={(isComplicated) =>
                set(
                  isComplicated
                    ? { isComplicated }
                    : {
                        isComplicated,
                        isComplicatedMultiSession: false,
                        isComplicatedMultiRound: false,
                        isComplicatedGroup: false,
                      },
                )
              }
            />
            {draft.isComplicated ? (
              <div className="flex flex-col gap-2 pl-6">
                <Toggle
                  label={<Trans>Complex: several sessions</Trans>}
                  path="isComplicatedMultiSession"
                  problems={problems}
                  checked={draft.isComplicatedMultiSession}
                  onChange={(isComplicatedMultiSession) => set({ isComplicatedMultiSession })}
                />
                <Toggle
                  label={<Trans>Complex: several rounds</Trans>}
                  path="isComplicatedMultiRound"
                  problems={problems}
                  checked={draft.isComplicatedMultiRound}
                  onChange={(isComplicatedMultiRound) => set({ isComplicatedMultiRound })}
                />
                <Toggle
                  label={<Trans>Complex: groups</Trans>}
                  path="isComplicatedGroup"
                  problems={problems}
                  checked={draft.isComplicatedGroup}
                  onChange={(isComplicatedGroup) => set({ isComplicatedGroup })}
                />
              </div>
            ) : null}
          </fieldset>
        </Fieldset>

        <Fieldset legend={<Trans>Dates and times</Trans>}>
          <div className="grid gap-4 sm:grid-cols-4">
            <TextInput
              label={<Trans>Start date</Trans>}
              path="startDate"
              problems={problems}
              required
              type="date"
              value={draft.startDate}
              onChange={(startDate) => set({ startDate, endDate: laterDate(draft.endDate, startDate) })}
            />
            <TextInput
              label={<Trans>Start time</Trans>}
              path="startTime"
              problems={problems}
              type="time"
              value={draft.startTime}
              onChange={(startTime) => set({ startTime })}
            />
            <TextInput
              label={<Trans>End date</Trans>}
              path="endDate"
              problems={problems}
              required
              type="date"
              min={draft.startDate}
              value={draft.endDate}
              onChange={(endDate) => set({ endDate })}
            />
            <TextInput
              label={<Trans>End time</Trans>}
              path="endTime"
              problems={problems}
              type="time"
              value={draft.endTime}
              onChange={(endTime) => set({ endTime })}
            />
          </div>
        </Fieldset>

        <Fieldset legend={<Trans>Registration</Trans>}>
          <Toggle
            label={<Trans>Players register on this site</Trans>}
            path="hasRegistration"
            problems={problems}
            checked={draft.hasRegistration}
            onChange={(hasRegistration) => set({ hasRegistration })}
          />
          {draft.hasRegistration ? (
            <>
              <Toggle
                label={<Trans>Registration enabled</Trans>}
                path="isRegistrationEnabled"
                problems={problems}
                hint={<Trans>Registration opens and closes by itself at the times below.</Trans>}
                checked={draft.isRegistrationEnabled}
                onChange={(isRegistrationEnabled) => set({ isRegistrationEnabled })}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextInput
                  label={<Trans>Registration opens</Trans>}
                  path="registrationStart"
                  problems={problems}
                  type="datetime-local"
                  hint={windowHint}
                  value={draft.registrationStart}
                  onChange={(registrationStart) => set({ registrationStart })}
                />
                <TextInput
                  label={<Trans>Registration closes</Trans>}
                  path="registrationEnd"
                  problems={problems}
                  type="datetime-local"
                  hint={windowHint}
                  min={draft.registrationStart}
                  value={draft.registrationEnd}
                  onChange={(registrationEnd) => set({ registrationEnd })}
                />
              </div>
              <Toggle
                label={<Trans>Verify players</Trans>}
                path="verifyPlayer"
                problems={problems}
                hint={<Trans>Entries are checked against the national bridge federation’s register.</Trans>}
                checked={draft.verifyPlayer}
                onChange={(verifyPlayer) => set({ verifyPlayer })}
              />
            </>
          ) : null}
          <TextInput
            label={<Trans>External player list</Trans>}
            path="playerListUrl"
            problems={problems}
            type="url"
            hint={<Trans>Optional: a web address where the registered players are listed.</Trans>}
            value={draft.playerListUrl}
            onChange={(playerListUrl) => set({ playerListUrl })}
          />
          <Toggle
            label={<Trans>Show the player list</Trans>}
            path="isPlayerListViewEnabled"
            problems={problems}
            checked={draft.isPlayerListViewEnabled}
            onChange={(isPlayerListViewEnabled) => set({ isPlayerListViewEnabled })}
          />
          <Toggle
            label={<Trans>Show the prize information</Trans>}
            path="isPrizeInformationEnabled"
            problems={problems}
            checked={draft.isPrizeInformationEnabled}
            onChange={(isPrizeInformationEnabled) => set({ isPrizeInformationEnabled })}
          />
        </Fieldset>

        <Fieldset legend={<Trans>Results</Trans>}>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectInput
              label={<Trans>Results source</Trans>}
              path="resultsSource"
              problems={problems}
              value={draft.resultsSource}
              onChange={(resultsSource) => set({ resultsSource })}
              empty={t`Not known yet`}
              options={[
                { value: '1', label: t`A web address` },
                { value: '2', label: t`An uploaded file` },
              ]}
            />
            {draft.resultsSource === '1' ? (
              <TextInput
                label={<Trans>Results web address</Trans>}
                path="resultsUrl"
                problems={problems}
                type="url"
                value={draft.resultsUrl}
                onChange={(resultsUrl) => set({ resultsUrl })}
              />
            ) : null}
          </div>
        </Fieldset>

        <Fieldset legend={<Trans>Details</Trans>}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label={<Trans>Location</Trans>}
              path="locationName"
              problems={problems}
              maxLength={200}
              list={locationsId}
              hint={<Trans>Where it is played, if not at the event’s main venue.</Trans>}
              value={draft.locationName}
              onChange={(locationName) => set({ locationName })}
            />
            <datalist id={locationsId}>
              {props.locationNames.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <TextInput
              label={<Trans>Boards</Trans>}
              path="boards"
              problems={problems}
              type="number"
              inputMode="numeric"
              min={1}
              value={draft.boards}
              onChange={(boards) => set({ boards })}
            />
          </div>
          <TextInput
            label={<Trans>Description</Trans>}
            path="description"
            problems={problems}
            multiline
            maxLength={2000}
            value={draft.description}
            onChange={(description) => set({ description })}
          />
        </Fieldset>

        <Fieldset legend={<Trans>Sessions</Trans>}>
          <ListProblem path="sessions" problems={problems} />
          {draft.sessions.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>No sessions. Add them when the tournament is played in several parts.</Trans>
            </p>
          ) : null}
          {draft.sessions.map((session, index) => (
            <Fieldset key={index} legend={<Trans>Session {index + 1}</Trans>}>
              <div className="grid gap-3 sm:grid-cols-4">
                <TextInput
                  label={<Trans>Date</Trans>}
                  path={`sessions.${index}.startDate`}
                  problems={problems}
                  required
                  type="date"
                  value={session.startDate}
                  onChange={(startDate) => setSession(index, { startDate })}
                />
                <TextInput
                  label={<Trans>Start time</Trans>}
                  path={`sessions.${index}.startTime`}
                  problems={problems}
                  type="time"
                  value={session.startTime}
                  onChange={(startTime) => setSession(index, { startTime })}
                />
                <TextInput
                  label={<Trans>Until</Trans>}
                  path={`sessions.${index}.endDate`}
                  problems={problems}
                  type="date"
                  min={session.startDate}
                  value={session.endDate}
                  onChange={(endDate) => setSession(index, { endDate })}
                />
                <TextInput
                  label={<Trans>End time</Trans>}
                  path={`sessions.${index}.endTime`}
                  problems={problems}
                  type="time"
                  value={session.endTime}
                  onChange={(endTime) => setSession(index, { endTime })}
                />
              </div>
              <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
                <TextInput
                  label={<Trans>Note</Trans>}
                  path={`sessions.${index}.text`}
                  problems={problems}
                  maxLength={200}
                  hint={<Trans>For example: Qualification, round 1</Trans>}
                  value={session.text}
                  onChange={(text) => setSession(index, { text })}
                />
                <TextInput
                  label={<Trans>Boards</Trans>}
                  path={`sessions.${index}.boards`}
                  problems={problems}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={session.boards}
                  onChange={(boards) => setSession(index, { boards })}
                />
              </div>
              <div>
                <SmallButton
                  tone="danger"
                  onClick={() =>
                    setDraft((d) => ({ ...d, sessions: d.sessions.filter((_, i) => i !== index) }))
                  }
                >
                  <Trans>Remove this session</Trans>
                  <span className="sr-only"> {index + 1}</span>
                </SmallButton>
              </div>
            </Fieldset>
          ))}
          <div>
            <SmallButton
              disabled={draft.sessions.length >= 50}
              onClick={() =>
                setDraft((d) => ({
                  ...d,
                  sessions: [...d.sessions, emptySession(d.startDate || props.eventStart)],
                }))
              }
            >
              <Trans>Add a session</Trans>
            </SmallButton>
          </div>
        </Fieldset>

        <Fieldset legend={<Trans>Stages</Trans>}>
          <ListProblem path="stages" problems={problems} />
          {draft.stages.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>No stages. Add them when stages (qualification, finals…) have their own results.</Trans>
            </p>
          ) : null}
          {draft.stages.map((stage, index) => (
            <Fieldset key={index} legend={<Trans>Stage {index + 1}</Trans>}>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextInput
                  label={<Trans>Stage name</Trans>}
                  path={`stages.${index}.name`}
                  problems={problems}
                  required
                  maxLength={200}
                  value={stage.name}
                  onChange={(name) => setStage(index, { name })}
                />
                <TextInput
                  label={<Trans>Stage results web address</Trans>}
                  path={`stages.${index}.resultsUrl`}
                  problems={problems}
                  type="url"
                  value={stage.resultsUrl}
                  onChange={(resultsUrl) => setStage(index, { resultsUrl })}
                />
              </div>
              <div>
                <SmallButton
                  tone="danger"
                  onClick={() => setDraft((d) => ({ ...d, stages: d.stages.filter((_, i) => i !== index) }))}
                >
                  <Trans>Remove this stage</Trans>
                  <span className="sr-only"> {index + 1}</span>
                </SmallButton>
              </div>
            </Fieldset>
          ))}
          <div>
            <SmallButton
              disabled={draft.stages.length >= 50}
              onClick={() => setDraft((d) => ({ ...d, stages: [...d.stages, emptyStage()] }))}
            >
              <Trans>Add a stage</Trans>
            </SmallButton>
          </div>
        </Fieldset>
      </fieldset>

      {props.readOnly ? (
        <p className="text-sm text-muted">
          <Trans>A postponed or canceled event cannot be edited.</Trans>
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <SaveButton busy={status === 'saving'} />
          <SaveStatus status={status} />
        </div>
      )}
    </form>
  )
}
