import { Trans } from '@lingui/react/macro'
import type { Dispatch, SetStateAction } from 'react'
import { emptyLocation, type GeneralDraft, type LocationDraft, patchedAt, removedAt } from './generalDraft.ts'
import { ListProblem, type Problems, SmallButton, TextInput, Toggle } from './kit.tsx'

// The event's venues (or, online only, platforms): each with its address, its days and times and its web
// address; one of them is the main location.

export function LocationFields(props: {
  readonly locations: ReadonlyArray<LocationDraft>
  /** Played online only: the locations are platforms. */
  readonly online: boolean
  readonly problems: Problems
  readonly setDraft: Dispatch<SetStateAction<GeneralDraft>>
}) {
  const setLocation = (index: number, patch: Partial<LocationDraft>) =>
    props.setDraft((d) => ({ ...d, locations: patchedAt(d.locations, index, patch) }))
  return (
    <>
      <ListProblem path="locations" problems={props.problems} />
      {props.locations.map((location, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-lg bg-canvas p-3">
          <h3 className="font-semibold">
            {props.online ? <Trans>Platform</Trans> : <Trans>Venue</Trans>} {index + 1}
          </h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput
              label={props.online ? <Trans>Platform name</Trans> : <Trans>Venue name</Trans>}
              path={`locations.${index}.name`}
              problems={props.problems}
              maxLength={200}
              value={location.name}
              onChange={(name) => setLocation(index, { name })}
            />
            <TextInput
              label={<Trans>Short address</Trans>}
              path={`locations.${index}.shortAddressLine`}
              problems={props.problems}
              maxLength={120}
              hint={<Trans>Shown on event cards, e.g. the town.</Trans>}
              value={location.shortAddressLine}
              onChange={(shortAddressLine) => setLocation(index, { shortAddressLine })}
            />
          </div>
          <TextInput
            label={<Trans>Full address</Trans>}
            path={`locations.${index}.addressLine`}
            problems={props.problems}
            maxLength={300}
            value={location.addressLine}
            onChange={(addressLine) => setLocation(index, { addressLine })}
          />
          <div className="grid gap-3 sm:grid-cols-4">
            <TextInput
              label={<Trans>From</Trans>}
              path={`locations.${index}.dateStart`}
              problems={props.problems}
              type="date"
              value={location.dateStart}
              onChange={(dateStart) => setLocation(index, { dateStart })}
            />
            <TextInput
              label={<Trans>Start time</Trans>}
              path={`locations.${index}.startTime`}
              problems={props.problems}
              type="time"
              value={location.startTime}
              onChange={(startTime) => setLocation(index, { startTime })}
            />
            <TextInput
              label={<Trans>Until</Trans>}
              path={`locations.${index}.dateEnd`}
              problems={props.problems}
              type="date"
              value={location.dateEnd}
              onChange={(dateEnd) => setLocation(index, { dateEnd })}
            />
            <TextInput
              label={<Trans>End time</Trans>}
              path={`locations.${index}.endTime`}
              problems={props.problems}
              type="time"
              value={location.endTime}
              onChange={(endTime) => setLocation(index, { endTime })}
            />
          </div>
          <TextInput
            label={<Trans>Web address (online events: where players join)</Trans>}
            path={`locations.${index}.externalUrl`}
            problems={props.problems}
            type="url"
            value={location.externalUrl}
            onChange={(externalUrl) => setLocation(index, { externalUrl })}
          />
          <div className="flex flex-wrap items-center gap-4">
            <Toggle
              label={<Trans>Main location</Trans>}
              path={`locations.${index}.isMain`}
              problems={props.problems}
              checked={location.isMain}
              onChange={(isMain) => isMain && setLocation(index, { isMain })}
            />
            <SmallButton
              tone="danger"
              onClick={() => props.setDraft((d) => ({ ...d, locations: removedAt(d.locations, index) }))}
            >
              <Trans>Remove this location</Trans>
            </SmallButton>
          </div>
        </div>
      ))}
      <div>
        <SmallButton
          onClick={() =>
            props.setDraft((d) => ({
              ...d,
              locations: [...d.locations, emptyLocation(d.locations.length === 0)],
            }))
          }
        >
          <Trans>Add a location</Trans>
        </SmallButton>
      </div>
    </>
  )
}
