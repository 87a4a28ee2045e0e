import { GeneralInformationInput } from '@kibitz/events/input'
import { contentLanguages, currencyName, decodeWithProblems } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { type KeptStep, useKeptDraft } from './keptDrafts.tsx'
import {
  Fieldset,
  ListProblem,
  type Problems,
  problemsOf,
  revealFirstProblem,
  SaveButton,
  SaveStatus,
  SelectInput,
  SmallButton,
  TextInput,
  Toggle,
} from './kit.tsx'

// The general-information step (spec sections 2 and 3): contents per language with a main and a native
// content, type, game type, edition, dates, country, languages, currency, time zone, organiser e-mail and
// locations. Checked in the browser with the domain's own Schema, then by the server, which has the last word.

type Encoded = typeof GeneralInformationInput.Encoded

interface ContentDraft {
  language: string
  name: string
  description: string
  isMain: boolean
  native: boolean
}

interface LocationDraft {
  name: string
  addressLine: string
  shortAddressLine: string
  countryCode: string
  dateStart: string
  dateEnd: string
  startTime: string
  endTime: string
  isMain: boolean
  externalUrl: string
}

export interface GeneralDraft {
  contents: Array<ContentDraft>
  type: string
  isLive: boolean
  isOnline: boolean
  editionType: string
  editionYear: string
  editionSeason: string
  dateStart: string
  dateEnd: string
  countryCode: string
  languages: Array<string>
  currencyCode: string
  timeZone: string
  organiserEmail: string
  locations: Array<LocationDraft>
  organiserId: string
}

const text = (value: string | null | undefined) => value ?? ''
const orNull = (value: string) => (value.trim() === '' ? null : value)
const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value))

const emptyLocation = (isMain: boolean): LocationDraft => ({
  name: '',
  addressLine: '',
  shortAddressLine: '',
  countryCode: '',
  dateStart: '',
  dateEnd: '',
  startTime: '',
  endTime: '',
  isMain,
  externalUrl: '',
})

/** The form's starting values: a stored event's, or a new event's in the organiser's language. */
export const generalDraftOf = (stored: Encoded | null, language: string): GeneralDraft =>
  stored
    ? {
        contents: stored.contents.map((c) => ({
          language: c.language,
          name: c.name,
          description: text(c.description),
          isMain: c.isMain,
          native: c.type === 2,
        })),
        type: String(stored.type),
        isLive: stored.isLive,
        isOnline: stored.isOnline,
        editionType: String(stored.editionType),
        editionYear: stored.editionYear == null ? '' : String(stored.editionYear),
        editionSeason: text(stored.editionSeason),
        dateStart: stored.dateStart,
        dateEnd: stored.dateEnd,
        countryCode: text(stored.countryCode),
        languages: [...stored.languages],
        currencyCode: stored.currencyCode,
        timeZone: stored.timeZone,
        organiserEmail: text(stored.organiserEmail),
        locations: stored.locations.map((l) => ({
          name: text(l.name),
          addressLine: text(l.addressLine),
          shortAddressLine: text(l.shortAddressLine),
          countryCode: text(l.countryCode),
          dateStart: text(l.dateStart),
          dateEnd: text(l.dateEnd),
          startTime: text(l.startTime),
          endTime: text(l.endTime),
          isMain: l.isMain,
          externalUrl: text(l.externalUrl),
        })),
        organiserId: stored.organiserId == null ? '' : String(stored.organiserId),
      }
    : {
        contents: [{ language, name: '', description: '', isMain: true, native: true }],
        type: '3',
        isLive: true,
        isOnline: false,
        editionType: '1',
        editionYear: '',
        editionSeason: '',
        dateStart: '',
        dateEnd: '',
        countryCode: '',
        languages: [language],
        currencyCode: 'EUR',
        timeZone: 'Europe/Vilnius',
        organiserEmail: '',
        locations: [emptyLocation(true)],
        organiserId: '',
      }

/** What the form sends, before the Schema has checked it: the encoded shape with open literal types. */
export type GeneralPayload = {
  readonly contents: ReadonlyArray<{
    language: string
    name: string
    description: string | null
    isMain: boolean
    type: number
  }>
  readonly type: number
  readonly isLive: boolean
  readonly isOnline: boolean
  readonly editionType: number
  readonly editionYear: number | null
  readonly editionSeason: string | null
  readonly dateStart: string
  readonly dateEnd: string
  readonly countryCode: string | null
  readonly languages: ReadonlyArray<string>
  readonly currencyCode: string
  readonly timeZone: string
  readonly organiserEmail: string | null
  readonly locations: ReadonlyArray<Readonly<Record<string, string | boolean | null>>>
  readonly organiserId: number | null
}

/** What the form sends: empty texts as null, numbers as numbers; the Schema checks the rest. */
export const generalInputOf = (d: GeneralDraft): GeneralPayload => ({
  contents: d.contents.map((c) => ({
    language: c.language,
    name: c.name,
    description: orNull(c.description),
    isMain: c.isMain,
    type: c.native ? 2 : 1,
  })),
  type: Number(d.type),
  isLive: d.isLive,
  isOnline: d.isOnline,
  editionType: Number(d.editionType),
  editionYear: numberOrNull(d.editionYear),
  editionSeason: orNull(d.editionSeason),
  dateStart: d.dateStart,
  dateEnd: d.dateEnd,
  countryCode: orNull(d.countryCode),
  languages: d.languages,
  currencyCode: d.currencyCode,
  timeZone: d.timeZone,
  organiserEmail: orNull(d.organiserEmail),
  locations: d.locations.map((l) => ({
    name: orNull(l.name),
    addressLine: orNull(l.addressLine),
    shortAddressLine: orNull(l.shortAddressLine),
    countryCode: orNull(l.countryCode),
    dateStart: orNull(l.dateStart),
    dateEnd: orNull(l.dateEnd),
    startTime: orNull(l.startTime),
    endTime: orNull(l.endTime),
    isMain: l.isMain,
    externalUrl: orNull(l.externalUrl),
  })),
  organiserId: numberOrNull(d.organiserId),
})

export interface Lookups {
  readonly countries: ReadonlyArray<{ readonly code: string; readonly name: string }>
  readonly currencies: ReadonlyArray<{
    readonly code: string
    readonly name: string
    readonly symbol: string
  }>
  readonly languages: ReadonlyArray<{
    readonly code: string
    readonly name: string
    readonly nativeName: string
  }>
}

type SaveOutcome =
  | { readonly ok: true }
  | {
      readonly ok: false
      readonly problems: ReadonlyArray<{ readonly field: string; readonly rule: string }>
    }
  | { readonly ok: false; readonly refused: string }

export function GeneralForm(props: {
  readonly initial: GeneralDraft
  readonly lookups: Lookups
  /** For the super user creating an event: the organisers to create it for. */
  readonly creators?: ReadonlyArray<{ readonly organiserId: number; readonly name: string }>
  readonly readOnly?: boolean
  readonly submitLabel?: React.ReactNode
  /** In the editor: the step under which unsaved input is kept while the organiser visits other steps. */
  readonly step?: KeptStep
  readonly onSave: (input: GeneralPayload) => Promise<SaveOutcome>
}) {
  const { t, i18n } = useLingui()
  const [draft, setDraft] = useKeptDraft<GeneralDraft>(props.step, props.initial)
  const [problems, setProblems] = useState<Problems>({})
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'invalid' | 'refused'>('idle')
  const [timeZones, setTimeZones] = useState<ReadonlyArray<string>>([props.initial.timeZone])
  const form = useRef<HTMLFormElement>(null)

  // The browser knows every IANA zone; the server-rendered form offers the stored one until then.
  useEffect(() => {
    setTimeZones(Intl.supportedValuesOf('timeZone'))
  }, [])

  const set = (patch: Partial<GeneralDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const setContent = (index: number, patch: Partial<ContentDraft>) =>
    setDraft((d) => ({
      ...d,
      contents: d.contents.map((c, i) =>
        i === index
          ? { ...c, ...patch }
          : {
              ...c,
              // One main and at most one native content.
              isMain: patch.isMain ? false : c.isMain,
              native: patch.native ? false : c.native,
            },
      ),
    }))
  const setLocation = (index: number, patch: Partial<LocationDraft>) =>
    setDraft((d) => ({
      ...d,
      locations: d.locations.map((l, i) =>
        i === index ? { ...l, ...patch } : { ...l, isMain: patch.isMain ? false : l.isMain },
      ),
    }))

  const languageName = (code: string) =>
    props.lookups.languages.find((l) => l.code === code)?.nativeName ?? code
  const unusedLanguages = contentLanguages.filter((code) => !draft.contents.some((c) => c.language === code))

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (props.readOnly) return
    const input = generalInputOf(draft)
    const checked = decodeWithProblems(GeneralInformationInput, input)
    if (!checked.ok) {
      const found = problemsOf(checked.problems)
      setProblems(found)
      setStatus('invalid')
      revealFirstProblem(form.current, found)
      return
    }
    setStatus('saving')
    // A failed call (the server or the network) must not leave the form saying "Saving…" forever.
    const outcome = await props.onSave(input).catch(() => null)
    if (outcome === null) setStatus('refused')
    else if (outcome.ok) {
      setProblems({})
      setStatus('saved')
    } else if ('problems' in outcome) {
      const found = problemsOf(outcome.problems)
      setProblems(found)
      setStatus('invalid')
      revealFirstProblem(form.current, found)
    } else setStatus('refused')
  }

  const countryOptions = props.lookups.countries.map((c) => ({ value: c.code, label: c.name }))

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6">
      {props.creators && props.creators.length > 0 ? (
        <SelectInput
          label={<Trans>Organiser</Trans>}
          path="organiserId"
          problems={problems}
          required
          value={draft.organiserId}
          onChange={(organiserId) => set({ organiserId })}
          empty={t`Choose the organiser`}
          options={props.creators.map((c) => ({ value: String(c.organiserId), label: c.name }))}
        />
      ) : null}

      <Fieldset legend={<Trans>Name and description</Trans>}>
        <ListProblem path="contents" problems={problems} />
        {draft.contents.map((content, index) => (
          <div key={content.language} className="flex flex-col gap-3 rounded-lg bg-canvas p-3">
            <h3 className="font-semibold">{languageName(content.language)}</h3>
            <TextInput
              label={<Trans>Event name</Trans>}
              path={`contents.${index}.name`}
              problems={problems}
              required
              maxLength={200}
              value={content.name}
              onChange={(name) => setContent(index, { name })}
            />
            <TextInput
              label={<Trans>Description</Trans>}
              path={`contents.${index}.description`}
              problems={problems}
              multiline
              maxLength={5000}
              value={content.description}
              onChange={(description) => setContent(index, { description })}
            />
            <div className="flex flex-wrap gap-4">
              <Toggle
                label={<Trans>Main language of the event</Trans>}
                path={`contents.${index}.isMain`}
                problems={problems}
                checked={content.isMain}
                onChange={(isMain) => isMain && setContent(index, { isMain })}
              />
              <Toggle
                label={<Trans>The organiser’s native language</Trans>}
                path={`contents.${index}.type`}
                problems={problems}
                checked={content.native}
                onChange={(native) => setContent(index, { native })}
              />
            </div>
            {draft.contents.length > 1 ? (
              <div>
                <SmallButton
                  tone="danger"
                  onClick={() =>
                    setDraft((d) => {
                      const contents = d.contents.filter((_, i) => i !== index)
                      // Removing the main content makes the first remaining one main.
                      const first = contents[0]
                      if (first && !contents.some((c) => c.isMain)) contents[0] = { ...first, isMain: true }
                      return { ...d, contents }
                    })
                  }
                >
                  <Trans>Remove this language</Trans>
                </SmallButton>
              </div>
            ) : null}
          </div>
        ))}
        {unusedLanguages.length > 0 ? (
          <SelectInput
            label={<Trans>Add the name in another language</Trans>}
            path="contents.add"
            problems={problems}
            value=""
            empty={t`Choose a language`}
            onChange={(language) =>
              language &&
              setDraft((d) => ({
                ...d,
                contents: [
                  ...d.contents,
                  { language, name: '', description: '', isMain: false, native: false },
                ],
              }))
            }
            options={unusedLanguages.map((code) => ({ value: code, label: languageName(code) }))}
          />
        ) : null}
      </Fieldset>

      <Fieldset legend={<Trans>Kind of event</Trans>}>
        <SelectInput
          label={<Trans>Event type</Trans>}
          path="type"
          problems={problems}
          required
          value={draft.type}
          onChange={(type) => set({ type })}
          options={[
            { value: '1', label: t`Local` },
            { value: '2', label: t`National` },
            { value: '3', label: t`International` },
            { value: '4', label: t`World class` },
          ]}
        />
        <div className="flex flex-wrap gap-6">
          <Toggle
            label={<Trans>Played live, at a venue</Trans>}
            path="isLive"
            problems={problems}
            checked={draft.isLive}
            onChange={(isLive) => set({ isLive })}
          />
          <Toggle
            label={<Trans>Played online</Trans>}
            path="isOnline"
            problems={problems}
            checked={draft.isOnline}
            onChange={(isOnline) => set({ isOnline })}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectInput
            label={<Trans>Edition</Trans>}
            path="editionType"
            problems={problems}
            value={draft.editionType}
            onChange={(editionType) => set({ editionType })}
            options={[
              { value: '1', label: t`Year` },
              { value: '2', label: t`Season` },
            ]}
          />
          {draft.editionType === '2' ? (
            <TextInput
              label={<Trans>Season</Trans>}
              path="editionSeason"
              problems={problems}
              hint={<Trans>For example 2026/2027</Trans>}
              value={draft.editionSeason}
              onChange={(editionSeason) => set({ editionSeason })}
            />
          ) : (
            <TextInput
              label={<Trans>Edition year</Trans>}
              path="editionYear"
              problems={problems}
              type="number"
              inputMode="numeric"
              value={draft.editionYear}
              onChange={(editionYear) => set({ editionYear })}
            />
          )}
        </div>
      </Fieldset>

      <Fieldset legend={<Trans>When and where</Trans>}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={<Trans>First day</Trans>}
            path="dateStart"
            problems={problems}
            required
            type="date"
            value={draft.dateStart}
            onChange={(dateStart) =>
              set({ dateStart, dateEnd: draft.dateEnd === '' ? dateStart : draft.dateEnd })
            }
          />
          <TextInput
            label={<Trans>Last day</Trans>}
            path="dateEnd"
            problems={problems}
            required
            type="date"
            min={draft.dateStart}
            value={draft.dateEnd}
            onChange={(dateEnd) => set({ dateEnd })}
          />
          <SelectInput
            label={<Trans>Country</Trans>}
            path="countryCode"
            problems={problems}
            value={draft.countryCode}
            empty={t`No country (online)`}
            onChange={(countryCode) => set({ countryCode })}
            options={countryOptions}
          />
          <SelectInput
            label={<Trans>Time zone</Trans>}
            path="timeZone"
            problems={problems}
            required
            hint={<Trans>Registration windows and start times are in this zone.</Trans>}
            value={draft.timeZone}
            onChange={(timeZone) => set({ timeZone })}
            options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
          />
        </div>
        <ListProblem path="locations" problems={problems} />
        {draft.locations.map((location, index) => (
          <div key={index} className="flex flex-col gap-3 rounded-lg bg-canvas p-3">
            <h3 className="font-semibold">
              {draft.isOnline && !draft.isLive ? <Trans>Platform</Trans> : <Trans>Venue</Trans>} {index + 1}
            </h3>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextInput
                label={
                  draft.isOnline && !draft.isLive ? <Trans>Platform name</Trans> : <Trans>Venue name</Trans>
                }
                path={`locations.${index}.name`}
                problems={problems}
                maxLength={200}
                value={location.name}
                onChange={(name) => setLocation(index, { name })}
              />
              <TextInput
                label={<Trans>Short address</Trans>}
                path={`locations.${index}.shortAddressLine`}
                problems={problems}
                maxLength={120}
                hint={<Trans>Shown on event cards, e.g. the town.</Trans>}
                value={location.shortAddressLine}
                onChange={(shortAddressLine) => setLocation(index, { shortAddressLine })}
              />
            </div>
            <TextInput
              label={<Trans>Full address</Trans>}
              path={`locations.${index}.addressLine`}
              problems={problems}
              maxLength={300}
              value={location.addressLine}
              onChange={(addressLine) => setLocation(index, { addressLine })}
            />
            <div className="grid gap-3 sm:grid-cols-4">
              <TextInput
                label={<Trans>From</Trans>}
                path={`locations.${index}.dateStart`}
                problems={problems}
                type="date"
                value={location.dateStart}
                onChange={(dateStart) => setLocation(index, { dateStart })}
              />
              <TextInput
                label={<Trans>Start time</Trans>}
                path={`locations.${index}.startTime`}
                problems={problems}
                type="time"
                value={location.startTime}
                onChange={(startTime) => setLocation(index, { startTime })}
              />
              <TextInput
                label={<Trans>Until</Trans>}
                path={`locations.${index}.dateEnd`}
                problems={problems}
                type="date"
                value={location.dateEnd}
                onChange={(dateEnd) => setLocation(index, { dateEnd })}
              />
              <TextInput
                label={<Trans>End time</Trans>}
                path={`locations.${index}.endTime`}
                problems={problems}
                type="time"
                value={location.endTime}
                onChange={(endTime) => setLocation(index, { endTime })}
              />
            </div>
            <TextInput
              label={<Trans>Web address (online events: where players join)</Trans>}
              path={`locations.${index}.externalUrl`}
              problems={problems}
              type="url"
              value={location.externalUrl}
              onChange={(externalUrl) => setLocation(index, { externalUrl })}
            />
            <div className="flex flex-wrap items-center gap-4">
              <Toggle
                label={<Trans>Main location</Trans>}
                path={`locations.${index}.isMain`}
                problems={problems}
                checked={location.isMain}
                onChange={(isMain) => isMain && setLocation(index, { isMain })}
              />
              <SmallButton
                tone="danger"
                onClick={() =>
                  setDraft((d) => {
                    const locations = d.locations.filter((_, i) => i !== index)
                    const first = locations[0]
                    if (first && !locations.some((l) => l.isMain)) locations[0] = { ...first, isMain: true }
                    return { ...d, locations }
                  })
                }
              >
                <Trans>Remove this location</Trans>
              </SmallButton>
            </div>
          </div>
        ))}
        <div>
          <SmallButton
            onClick={() =>
              setDraft((d) => ({
                ...d,
                locations: [...d.locations, emptyLocation(d.locations.length === 0)],
              }))
            }
          >
            <Trans>Add a location</Trans>
          </SmallButton>
        </div>
      </Fieldset>

      <Fieldset legend={<Trans>Languages, money and contact</Trans>}>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold">
            <Trans>Languages spoken at the event</Trans>
          </legend>
          <div className="flex flex-wrap gap-4" data-path="languages">
            {contentLanguages.map((code) => (
              <Toggle
                key={code}
                label={languageName(code)}
                path={`languages.${code}`}
                problems={problems}
                checked={draft.languages.includes(code)}
                onChange={(on) =>
                  set({
                    languages: on ? [...draft.languages, code] : draft.languages.filter((l) => l !== code),
                  })
                }
              />
            ))}
          </div>
          <ListProblem path="languages" problems={problems} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            label={<Trans>Currency of entry fees and prizes</Trans>}
            path="currencyCode"
            problems={problems}
            required
            value={draft.currencyCode}
            onChange={(currencyCode) => set({ currencyCode })}
            options={props.lookups.currencies.map((c) => ({
              value: c.code,
              label: `${c.code} — ${currencyName(c.code, i18n.locale, c.name)}`,
            }))}
          />
          <TextInput
            label={<Trans>Organiser e-mail for players</Trans>}
            path="organiserEmail"
            problems={problems}
            type="email"
            maxLength={254}
            value={draft.organiserEmail}
            onChange={(organiserEmail) => set({ organiserEmail })}
          />
        </div>
      </Fieldset>

      {props.readOnly ? null : (
        <div className="flex flex-wrap items-center gap-4">
          <SaveButton busy={status === 'saving'}>{props.submitLabel}</SaveButton>
          <SaveStatus status={status} step={props.step} />
        </div>
      )}
    </form>
  )
}
