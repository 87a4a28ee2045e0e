import type { GeneralInformationInput } from '@kibitz/events/input'

// The general-information step's draft (spec sections 2 and 3): what the form holds (every value as typed),
// how a stored event fills it, and what it sends for the domain's Schema to check.

type Encoded = typeof GeneralInformationInput.Encoded

export interface ContentDraft {
  language: string
  name: string
  description: string
  isMain: boolean
  native: boolean
}

export interface LocationDraft {
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

export const emptyLocation = (isMain: boolean): LocationDraft => ({
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

/** The items with the `index`th set to `patch`; when it becomes main, no other is (one main item). */
export const patchedAt = <T extends { isMain: boolean }>(
  items: ReadonlyArray<T>,
  index: number,
  patch: Partial<T>,
  others: (item: T) => T = (item) => ({ ...item, isMain: patch.isMain ? false : item.isMain }),
): Array<T> => items.map((item, i) => (i === index ? { ...item, ...patch } : others(item)))

/** The items without the `index`th; removing the main one makes the first remaining one main. */
export const removedAt = <T extends { isMain: boolean }>(
  items: ReadonlyArray<T>,
  index: number,
): Array<T> => {
  const rest = items.filter((_, i) => i !== index)
  const first = rest[0]
  if (first && !rest.some((item) => item.isMain)) rest[0] = { ...first, isMain: true }
  return rest
}
