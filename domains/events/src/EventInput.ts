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
  validationLimits,
  WebsiteUrl,
} from '@kibitz/kernel/format'
import { OrganiserId } from '@kibitz/kernel/ids'
import { Schema } from 'effect'

// What an organiser types for an event, shared by the editor screens (in the browser) and the events domain.
// Browser-safe: effect and the kernel's format entry only. Each field fails with one rule id; the rules that
// span fields (one main content, dates in order) are checked here too, the publish-time completeness rules in
// EventEditor.problems.

/**
 * States in the API's document (JSON Schema keywords) what the checks of the schema it annotates enforce; it
 * annotates the last check and checks nothing itself.
 */
const stated = (jsonSchema: Record<string, unknown>) => ({ toJsonSchema: () => jsonSchema })

/** A calendar date, YYYY-MM-DD, within the dates the platform handles. */
export const DateField = Schema.String.check(rule(ValidationRule.invalidDate, isSupportedIsoDate)).annotate(
  stated({ format: 'date' }),
)

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/

/** A wall-clock time, HH:mm. */
export const TimeField = Schema.String.check(
  rule(ValidationRule.invalidTime, (s: string) => timePattern.test(s)),
).annotate(stated({ pattern: timePattern.source }))

/** A whole number from `min` to `max`, both stated in the API's document. */
const between = (min: number, max: number) =>
  Schema.Number.check(
    rule(ValidationRule.outOfRange, (n: number) => Number.isInteger(n) && n >= min && n <= max).annotate(
      stated({ type: 'integer', minimum: min, maximum: max }),
    ),
    // Never reached (the range check aborts first); it keeps the JSON schema a number, whose bounds then show.
    Schema.isFinite(),
  )

/** A number from `min` to `max` (a latitude or longitude), both stated in the API's document. */
const within = (min: number, max: number) =>
  Schema.Number.check(
    rule(ValidationRule.outOfRange, (n: number) => n >= min && n <= max).annotate(
      stated({ minimum: min, maximum: max }),
    ),
    // As in `between`: never reached, it keeps the JSON schema a number.
    Schema.isFinite(),
  )

/** Free text of at most `max` characters (Cyrillic allowed), the limit stated in the API's document. */
const Text = (max: number) => PlainText({ max, allowCyrillic: true }).annotate(stated({ maxLength: max }))

/** An ISO 3166-1 alpha-2 country code, upper case. */
const CountryCode = Schema.String.check(
  rule(ValidationRule.unknownChoice, (s: string) => /^[A-Z]{2}$/.test(s)),
).annotate(stated({ pattern: '^[A-Z]{2}$' }))

/** An e-mail address, stated as such in the API's document. */
const Email = EmailField.annotate(stated({ format: 'email', maxLength: validationLimits.email }))

const required = rule(ValidationRule.required, (s: string) => s.trim() !== '')

/** Spec section 9: event types local 1, national 2, international 3, world class 4. */
export const EventTypeInput = Schema.Literals([1, 2, 3, 4])
/** Spec section 9: edition types year 1, season 2. */
export const EditionTypeInput = Schema.Literals([1, 2])

export const ContentLanguageInput = Schema.Literals(contentLanguages)

/** The event's name and description in one language; type 2 marks the organiser's native language. */
export const EventContentInput = Schema.Struct({
  language: ContentLanguageInput,
  name: PlainText({ max: 200, allowCyrillic: true })
    .check(required)
    .annotate(stated({ minLength: 1, maxLength: 200 })),
  description: Schema.optional(Schema.NullOr(Text(5000))),
  isMain: Schema.Boolean,
  type: Schema.Literals([1, 2]),
})
export type EventContentInput = typeof EventContentInput.Type

/** A venue (or, for an online event, the platform with its external url). */
export const LocationInput = Schema.Struct({
  name: Schema.optional(Schema.NullOr(Text(200))),
  addressLine: Schema.optional(Schema.NullOr(Text(300))),
  shortAddressLine: Schema.optional(Schema.NullOr(Text(120))),
  countryCode: Schema.optional(Schema.NullOr(CountryCode)),
  lat: Schema.optional(Schema.NullOr(within(-90, 90))),
  long: Schema.optional(Schema.NullOr(within(-180, 180))),
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
    rule(ValidationRule.required, (cs: ReadonlyArray<EventContentInput>) => cs.length > 0).annotate(
      stated({ minItems: 1 }),
    ),
    rule(
      ValidationRule.outOfRange,
      (cs: ReadonlyArray<EventContentInput>) => cs.length <= contentLanguages.length,
    ).annotate(stated({ maxItems: contentLanguages.length })),
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
      Schema.String.check(
        rule(ValidationRule.invalidDate, (s: string) => /^\d{4}(\/\d{4})?$/.test(s)),
      ).annotate(stated({ pattern: '^\\d{4}(/\\d{4})?$' })),
    ),
  ),
  dateStart: DateField,
  dateEnd: DateField,
  countryCode: Schema.optional(Schema.NullOr(CountryCode)),
  languages: Schema.Array(ContentLanguageInput).check(
    rule(ValidationRule.duplicate, (ls: ReadonlyArray<string>) => new Set(ls).size === ls.length),
  ),
  currencyCode: Schema.String.check(
    rule(ValidationRule.unknownChoice, (s: string) => /^[A-Z]{3}$/.test(s)),
  ).annotate({
    ...stated({ pattern: '^[A-Z]{3}$' }),
    description: 'An ISO 4217 currency code (v1/currency).',
  }),
  timeZone: Schema.String.check(rule(ValidationRule.unknownChoice, isValidTimeZone)).annotate({
    description: 'An IANA time zone, e.g. Europe/Vilnius.',
  }),
  organiserEmail: Schema.optional(Schema.NullOr(Email)),
  locations: Schema.Array(LocationInput).check(
    rule(ValidationRule.outOfRange, (ls: ReadonlyArray<LocationInput>) => ls.length <= 20).annotate(
      stated({ maxItems: 20 }),
    ),
    rule(ValidationRule.oneMain, (ls: ReadonlyArray<LocationInput>) => exactlyOneMain(ls)),
  ),
  /** The super user creates on behalf of an accepted organiser (v1/user/event-creators); others leave it out. */
  organiserId: Schema.optional(Schema.NullOr(OrganiserId)),
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
  beneficiary: Text(140),
  iban: Schema.String.check(rule(ValidationRule.tooLong, (s: string) => s.length <= 50)).annotate({
    ...stated({ maxLength: 50 }),
    description: 'An IBAN (spaces and case ignored), or empty.',
  }),
  bic: Schema.String.check(rule(ValidationRule.tooLong, (s: string) => s.length <= 20)).annotate({
    ...stated({ maxLength: 20 }),
    description: 'A BIC (spaces and case ignored), or empty.',
  }),
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
  championshipTypeText: Schema.optional(Schema.NullOr(Text(120))),
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
