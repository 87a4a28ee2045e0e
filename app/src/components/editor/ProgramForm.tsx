import { Trans } from '@lingui/react/macro'
import { Fieldset, ListProblem, SaveButton, SaveStatus, SmallButton, TextInput } from './kit.tsx'
import { dayAfter, type ProgramDayDraft, programDraftOf, withProgramDraft } from './tournamentDraft.ts'
import { ProblemsElsewhere, type TournamentStepProps, useTournamentDraft } from './tournamentStep.tsx'

// The event-program step for one tournament (spec section 3: programs, dates with tours and times): the days
// of play, each with its tours (rounds) and their start times. The public program merges every tournament's
// days into one timetable.

const shownHere = (field: string) => field.split('.')[0] === 'programs'

export function ProgramForm(props: TournamentStepProps) {
  const { draft, setDraft, problems, status, form, save } = useTournamentDraft(props, programDraftOf)

  const setDay = (index: number, patch: Partial<ProgramDayDraft>) =>
    setDraft((days) => days.map((d, i) => (i === index ? { ...d, ...patch } : d)))
  const setTour = (day: number, index: number, patch: Partial<{ time: string; name: string }>) =>
    setDraft((days) =>
      days.map((d, i) =>
        i === day ? { ...d, tours: d.tours.map((x, j) => (j === index ? { ...x, ...patch } : x)) } : d,
      ),
    )

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    void save(withProgramDraft(props.initial, draft))
  }

  const startDate = props.initial.startDate
  const endDate = props.initial.endDate

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6">
      <fieldset disabled={props.readOnly} className="flex min-w-0 flex-col gap-6">
        <ProblemsElsewhere problems={problems} here={shownHere} />
        <ListProblem path="programs" problems={problems} />
        {draft.length === 0 ? (
          <p className="text-sm text-muted">
            <Trans>No program yet. Add the days of play and their tours.</Trans>
          </p>
        ) : null}
        {draft.map((day, index) => (
          <Fieldset key={index} legend={<Trans>Day {index + 1}</Trans>}>
            <div className="sm:max-w-xs">
              <TextInput
                label={<Trans>Date</Trans>}
                path={`programs.${index}.date`}
                problems={problems}
                required
                type="date"
                min={startDate}
                max={endDate}
                value={day.date}
                onChange={(date) => setDay(index, { date })}
              />
            </div>
            <ListProblem path={`programs.${index}.tours`} problems={problems} />
            {day.tours.map((tour, j) => (
              <fieldset key={j} className="flex flex-wrap items-end gap-3">
                <legend className="sr-only">
                  <Trans>
                    Tour {j + 1} of day {index + 1}
                  </Trans>
                </legend>
                <div className="w-32">
                  <TextInput
                    label={<Trans>Time</Trans>}
                    path={`programs.${index}.tours.${j}.time`}
                    problems={problems}
                    required
                    type="time"
                    value={tour.time}
                    onChange={(time) => setTour(index, j, { time })}
                  />
                </div>
                <div className="min-w-48 flex-1">
                  <TextInput
                    label={<Trans>Tour name</Trans>}
                    path={`programs.${index}.tours.${j}.name`}
                    problems={problems}
                    required
                    maxLength={200}
                    value={tour.name}
                    onChange={(name) => setTour(index, j, { name })}
                  />
                </div>
                <SmallButton
                  tone="danger"
                  onClick={() => setDay(index, { tours: day.tours.filter((_, k) => k !== j) })}
                >
                  <Trans>Remove this tour</Trans>
                  <span className="sr-only">
                    {' '}
                    <Trans>
                      {j + 1} of day {index + 1}
                    </Trans>
                  </span>
                </SmallButton>
              </fieldset>
            ))}
            <div className="flex flex-wrap gap-2">
              <SmallButton
                disabled={day.tours.length >= 50}
                onClick={() => setDay(index, { tours: [...day.tours, { time: '', name: '' }] })}
              >
                <Trans>Add a tour</Trans>
                <span className="sr-only">
                  {' '}
                  <Trans>to day {index + 1}</Trans>
                </span>
              </SmallButton>
              <SmallButton
                tone="danger"
                onClick={() => setDraft((days) => days.filter((_, i) => i !== index))}
              >
                <Trans>Remove this day</Trans>
                <span className="sr-only"> {index + 1}</span>
              </SmallButton>
            </div>
          </Fieldset>
        ))}
        <div>
          <SmallButton
            disabled={draft.length >= 60}
            onClick={() =>
              setDraft((days) => {
                const last = days.at(-1)?.date
                // The next day of play: the day after the last one, or the tournament's first day.
                const date = last ? dayAfter(last) : startDate
                return [...days, { date, tours: [{ time: '', name: '' }] }]
              })
            }
          >
            <Trans>Add a day</Trans>
          </SmallButton>
        </div>
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
