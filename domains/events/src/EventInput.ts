import {
  contentLanguages,
  EmailField,
  isSupportedIsoDate,
  isValidBic,
  isValidIban,
  isValidTimeZone,
  PlainText,
  rule,
  ValidationRule,
  WebsiteUrl,
} from '@kibitz/kernel/format'
import { Schema } from 'effect'

// What an organiser types for an event, shared by the editor screens (in the browser) and the events domain.
// Browser-safe: effect and the kernel's format entry only. Each field fails with one rule id; the rules that
// span fields (one main content, dates in order) are checked here too, the publish-time completeness rules in
// EventEditor.problems.

/** A calendar date, YYYY-MM-DD, within the dates the platform handles. */
export const DateField = Schema.String.check(rule(ValidationRule.invalidDate, isSupportedIsoDate))

/** A wall-clock time, HH:mm. */
export const TimeField = Schema.String.check(
  rule(ValidationRule.invalidTime, (s: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s)),
)

const between = (min: number, max: number) =>
  Schema.Number.check(
    rule(ValidationRule.outOfRange, (n: number) => Number.isInteger(n) && n >= min && n <= max),
  )

const required = rule(ValidationRule.required, (s: string) => s.trim() !== '')

/** Spec section 9: event types local 1, national 2, international 3, world class 4. */
export const EventTypeInput = Schema.Literals([1, 2, 3, 4])
/** Spec section 9: edition types year 1, season 2. */
export const EditionTypeInput = Schema.Literals([1, 2])

export const ContentLanguageInput = Schema.Literals(contentLanguages)

/** The event's name and description in one language; type 2 marks the organiser's native language. */
export const EventContentInput = Schema.Struct({
  language: ContentLanguageInput,
  name: PlainText({ max: 200, allowCyrillic: true }).check(required),
  description: Schema.optional(Schema.NullOr(PlainText({ max: 5000, allowCyrillic: true }))),
  isMain: Schema.Boolean,
  type: Schema.Literals([1, 2]),
})
export type EventContentInput = typeof EventContentInput.Type

/** A venue (or, for an online event, the platform with its external url). */
export const LocationInput = Schema.Struct({
  name: Schema.optional(Schema.NullOr(PlainText({ max: 200, allowCyrillic: true }))),
  addressLine: Schema.optional(Schema.NullOr(PlainText({ max: 300, allowCyrillic: true }))),
  shortAddressLine: Schema.optional(Schema.NullOr(PlainText({ max: 120, allowCyrillic: true }))),
  countryCode: Schema.optional(
    Schema.NullOr(
      Schema.String.check(rule(ValidationRule.unknownChoice, (s: string) => /^[A-Z]{2}$/.test(s))),
    ),
  ),
  lat: Schema.optional(
    Schema.NullOr(Schema.Number.check(rule(ValidationRule.outOfRange, (n: number) => n >= -90 && n <= 90))),
  ),
  long: Schema.optional(
    Schema.NullOr(Schema.Number.check(rule(ValidationRule.outOfRange, (n: number) => n >= -180 && n <= 180))),
  ),
  dateStart: Schema.optional(Schema.NullOr(DateField)),
  dateEnd: Schema.optional(Schema.NullOr(DateField)),
  startTime: Schema.optional(Schema.NullOr(TimeField)),
  endTime: Schema.optional(Schema.NullOr(TimeField)),
  isMain: Schema.Boolean,
  externalUrl: Schema.optional(Schema.NullOr(WebsiteUrl)),
}).check(
  Schema.makeFilter(
    (l) =>
      l.dateStart == null ||
      l.dateEnd == null ||
      l.dateStart <= l.dateEnd || { path: ['dateEnd'], issue: 'dateRange' },
    { rule: ValidationRule.dateRange },
  ),
)
export type LocationInput = typeof LocationInput.Type

const exactlyOneMain = <T extends { readonly isMain: boolean }>(items: ReadonlyArray<T>) =>
  items.length === 0 || items.filter((i) => i.isMain).length === 1

/** The general-information step of the wizard (and of event management). */
export const GeneralInformationInput = Schema.Struct({
  contents: Schema.Array(EventContentInput).check(
    rule(ValidationRule.required, (cs: ReadonlyArray<EventContentInput>) => cs.length > 0),
    rule(
      ValidationRule.outOfRange,
      (cs: ReadonlyArray<EventContentInput>) => cs.length <= contentLanguages.length,
    ),
    rule(ValidationRule.oneMain, (cs: ReadonlyArray<EventContentInput>) => exactlyOneMain(cs)),
    rule(
      ValidationRule.duplicate,
      (cs: ReadonlyArray<EventContentInput>) => new Set(cs.map((c) => c.language)).size === cs.length,
    ),
    rule(
      ValidationRule.outOfRange,
      (cs: ReadonlyArray<EventContentInput>) => cs.filter((c) => c.type === 2).length <= 1,
    ),
  ),
  type: EventTypeInput,
  isLive: Schema.Boolean,
  isOnline: Schema.Boolean,
  editionType: EditionTypeInput,
  editionYear: Schema.optional(Schema.NullOr(between(1900, 2199))),
  editionSeason: Schema.optional(
    Schema.NullOr(
      Schema.String.check(rule(ValidationRule.invalidDate, (s: string) => /^\d{4}(\/\d{4})?$/.test(s))),
    ),
  ),
  dateStart: DateField,
  dateEnd: DateField,
  countryCode: Schema.optional(
    Schema.NullOr(
      Schema.String.check(rule(ValidationRule.unknownChoice, (s: string) => /^[A-Z]{2}$/.test(s))),
    ),
  ),
  languages: Schema.Array(ContentLanguageInput).check(
    rule(ValidationRule.duplicate, (ls: ReadonlyArray<string>) => new Set(ls).size === ls.length),
  ),
  currencyCode: Schema.String.check(rule(ValidationRule.unknownChoice, (s: string) => /^[A-Z]{3}$/.test(s))),
  timeZone: Schema.String.check(rule(ValidationRule.unknownChoice, isValidTimeZone)),
  organiserEmail: Schema.optional(Schema.NullOr(EmailField)),
  locations: Schema.Array(LocationInput).check(
    rule(ValidationRule.outOfRange, (ls: ReadonlyArray<LocationInput>) => ls.length <= 20),
    rule(ValidationRule.oneMain, (ls: ReadonlyArray<LocationInput>) => exactlyOneMain(ls)),
  ),
  /** The super user creates on behalf of an accepted organiser (v1/user/event-creators); others leave it out. */
  organiserId: Schema.optional(Schema.NullOr(Schema.Int)),
}).check(
  Schema.makeFilter((g) => g.dateStart <= g.dateEnd || { path: ['dateEnd'], issue: 'dateRange' }, {
    rule: ValidationRule.dateRange,
  }),
  Schema.makeFilter((g) => g.isLive || g.isOnline || { path: ['isLive'], issue: 'required' }, {
    rule: ValidationRule.required,
  }),
)
export type GeneralInformationInput = typeof GeneralInformationInput.Type

const given = (s: string) => s.trim() !== ''

/**
 * The account players pay registrations into by bank transfer: all empty (they pay at the venue), or a
 * beneficiary and a valid IBAN, with an optional BIC. Spaces and case in the codes are ignored.
 */
export const PaymentAccountInput = Schema.Struct({
  beneficiary: PlainText({ max: 140, allowCyrillic: true }),
  iban: Schema.String.check(rule(ValidationRule.tooLong, (s: string) => s.length <= 50)),
  bic: Schema.String.check(rule(ValidationRule.tooLong, (s: string) => s.length <= 20)),
}).check(
  Schema.makeFilter(
    (a) =>
      !(given(a.iban) || given(a.bic)) ||
      given(a.beneficiary) || { path: ['beneficiary'], issue: 'required' },
    { rule: ValidationRule.required },
  ),
  Schema.makeFilter(
    (a) => !(given(a.beneficiary) || given(a.bic)) || given(a.iban) || { path: ['iban'], issue: 'required' },
    { rule: ValidationRule.required },
  ),
  Schema.makeFilter((a) => !given(a.iban) || isValidIban(a.iban) || { path: ['iban'], issue: 'iban' }, {
    rule: ValidationRule.iban,
  }),
  Schema.makeFilter((a) => !given(a.bic) || isValidBic(a.bic) || { path: ['bic'], issue: 'bic' }, {
    rule: ValidationRule.bic,
  }),
)
export type PaymentAccountInput = typeof PaymentAccountInput.Type

/** No bank account: registrations are paid at the venue. */
export const noPaymentAccount: PaymentAccountInput = { beneficiary: '', iban: '', bic: '' }

/** The additional-information step: links, display options and the bank account for registrations. */
export const AdditionalInformationInput = Schema.Struct({
  externalPageUrl: Schema.optional(Schema.NullOr(WebsiteUrl)),
  liveResultsUrl: Schema.optional(Schema.NullOr(WebsiteUrl)),
  championshipTypeText: Schema.optional(Schema.NullOr(PlainText({ max: 120, allowCyrillic: true }))),
  isYouth: Schema.Boolean,
  fbCommentsEnabled: Schema.Boolean,
  showNativeName: Schema.Boolean,
  /** Optional so that API clients written before bank transfers keep working; missing means none. */
  payment: Schema.optional(PaymentAccountInput),
})
export type AdditionalInformationInput = typeof AdditionalInformationInput.Type

/** Wizard and management steps of spec section 2, as problems name them. */
export const EditorStep = Schema.Literals([
  'general-information',
  'tournaments',
  'registration-entry-fees-and-prizes',
  'additional-information',
  'event-program',
  'event-gallery',
])
export type EditorStep = typeof EditorStep.Type

/** The longest message an organiser may send the players with an action (postpone, cancel, notify…). */
export const eventMessageMaxLength = 2000

/** The event actions of spec section 4: those that change its state, and the message to its players. */
export const EventAction = Schema.Literals([
  'publish',
  'unpublish',
  'postpone',
  'unpublishAfterPostpone',
  'cancel',
  'notifyEventUsers',
  'delete',
])
export type EventAction = typeof EventAction.Type
