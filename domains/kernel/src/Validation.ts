import {
  Predicate,
  Result,
  Schema,
  SchemaAST,
  type SchemaIssue,
  SchemaParser,
  SchemaTransformation,
} from 'effect'
import { textAreaMaxLength } from './Constants.ts'
import { dateRangeMessage } from './SearchFilter.ts'

// The validation rules of spec section 5, shared by server functions and React forms, so this module stays
// browser-safe: effect only, no node: imports, no database.
// Every field check is an Effect Schema filter annotated with a rule id and marked abort, so a field fails
// with exactly one issue: its first failing rule. decodeForm turns those issues into { rule, message } per field.

/** The closed set of validation rule ids; the ids are stable, the UI maps each to a translated message. */
export const ValidationRule = {
  required: 'required',
  email: 'email',
  phone: 'phone',
  latin: 'latin',
  noEdgeSpaces: 'noEdgeSpaces',
  notOnlyDigits: 'notOnlyDigits',
  noForeignScript: 'noForeignScript',
  tooLong: 'tooLong',
  passwordTooShort: 'passwordTooShort',
  passwordPattern: 'passwordPattern',
  passwordEmpty: 'passwordEmpty',
  passwordTooLong: 'passwordTooLong',
  url: 'url',
  dateRange: 'dateRange',
  mustAccept: 'mustAccept',
  notAnImage: 'notAnImage',
  fileTooLarge: 'fileTooLarge',
  notAPdf: 'notAPdf',
  invalidDate: 'invalidDate',
  invalidTime: 'invalidTime',
  outOfRange: 'outOfRange',
  oneMain: 'oneMain',
  duplicate: 'duplicate',
  unknownChoice: 'unknownChoice',
  // Tournaments, tickets and prizes: date-times, ids, what sales allow, and the publish-time consistency rules.
  invalidDateTime: 'invalidDateTime',
  unknownId: 'unknownId',
  belowSold: 'belowSold',
  hasSales: 'hasSales',
  freeTicketPrice: 'freeTicketPrice',
  outsideEvent: 'outsideEvent',
  /** A public event's dates may not leave one of its tournaments outside them. */
  excludesTournaments: 'excludesTournaments',
  outsideTournament: 'outsideTournament',
  afterStart: 'afterStart',
  noTicketForSale: 'noTicketForSale',
  prizePlaces: 'prizePlaces',
  prizesOverPool: 'prizesOverPool',
  // Registration: how many players the tournament's type takes, one per-team ticket per entry, the federation
  // check, and the bank account registrations are paid to.
  contestantCount: 'contestantCount',
  sameTicket: 'sameTicket',
  federationUnknown: 'federationUnknown',
  federationMismatch: 'federationMismatch',
  iban: 'iban',
  bic: 'bic',
  // The file tree (docs/decisions/040): a folder's or a file's name is one segment of a path.
  invalidName: 'invalidName',
  reservedName: 'reservedName',
  nameTaken: 'nameTaken',
  /** An upload whose content is none of the kinds the file system keeps (images, documents). */
  notAllowedType: 'notAllowedType',
  /** An upload that would take the organiser past their storage quota. */
  quotaExceeded: 'quotaExceeded',
  /** A file (or a folder holding one) that an event, tournament, gallery or page still uses. */
  inUse: 'inUse',
} as const
export type RuleId = (typeof ValidationRule)[keyof typeof ValidationRule]

/** Schema of a rule id, for errors that carry a field's failed rule across a boundary. */
export const ValidationRuleSchema = Schema.Literals(Object.values(ValidationRule))

/** English messages per rule (the spec's wording where it gives one); `{field}` stands for the field name. */
export const ruleMessages: { readonly [R in RuleId]: string } = {
  required: 'The {field} is required',
  email: 'The {field} must not contain hieroglyphs/cyrillic chars in email or/and email formatting',
  phone:
    'The {field} must be a phone number: an optional + and 4 to 20 digits (spaces, dashes, dots and brackets are fine)',
  latin: 'The {field} must contain only latin letters and spaces',
  noEdgeSpaces: 'The {field} must not start or end with spaces',
  notOnlyDigits: 'Incorrect string value',
  // One wording for both variants, since PersonName and PlainText({ allowCyrillic: true }) accept Cyrillic.
  noForeignScript: 'The {field} contains Chinese, Arabic or Cyrillic characters that are not allowed here',
  tooLong: 'The {field} is too long',
  passwordTooShort: 'The {field} must be at least 8 characters long',
  passwordPattern: 'The {field} may contain only latin letters, digits and punctuation, without spaces',
  passwordEmpty: 'The {field} must not be empty',
  passwordTooLong: 'The {field} must be at most 128 characters long',
  url: 'The {field} must be a public web address, such as example.org or https://example.org',
  dateRange: dateRangeMessage,
  mustAccept: 'The {field} must be accepted',
  notAnImage: 'The {field} must be a JPEG, PNG, WebP, GIF or AVIF image',
  fileTooLarge: 'The {field} is too large',
  notAPdf: 'The {field} must be a PDF document',
  invalidDate: 'The {field} must be a date (YYYY-MM-DD)',
  invalidTime: 'The {field} must be a time (HH:mm)',
  outOfRange: 'The {field} is out of the allowed range',
  oneMain: 'Exactly one {field} must be marked as the main one',
  duplicate: 'The {field} is given twice',
  unknownChoice: 'The {field} is not one of the offered choices',
  invalidDateTime: 'The {field} must be a date and time (YYYY-MM-DDTHH:mm)',
  unknownId: 'The {field} does not belong here',
  belowSold: 'The {field} cannot be lower than the number already sold',
  hasSales: 'The {field} cannot be removed: some are already sold',
  freeTicketPrice: 'A free ticket must have the {field} 0',
  outsideEvent: "The {field} must be within the event's dates",
  excludesTournaments: "The {field} must keep every tournament of the event within the event's dates",
  outsideTournament: "The {field} must be within the tournament's dates",
  afterStart: 'The {field} must not be after the tournament starts',
  noTicketForSale: 'Registration needs at least one ticket for sale',
  prizePlaces: 'The {field} does not match the number of prize places',
  prizesOverPool: 'The prizes add up to more than the {field}',
  contestantCount: 'The number of {field} does not fit this tournament',
  sameTicket: 'Everyone in the {field} must have the same per-team ticket',
  federationUnknown: 'The {field} is not known to the federation',
  federationMismatch: 'The {field} belongs to a member with another name',
  iban: 'The {field} must be a valid IBAN',
  bic: 'The {field} must be a valid BIC (8 or 11 characters)',
  invalidName: 'The {field} must be one name: no slash, backslash or control character, and not . or ..',
  reservedName: 'The {field} is the name of one of the platform’s own folders here',
  nameTaken: 'The folder already holds an entry of this {field}',
  notAllowedType:
    'The {field} must be an image (JPEG, PNG, GIF, WebP, AVIF) or a document (PDF, Word, Excel, PowerPoint, OpenDocument, plain text)',
  quotaExceeded: 'The {field} does not fit in the space left for your files',
  inUse: 'The {field} is still used by an event, a tournament, a gallery or a page',
}

/** Length limits of spec section 5, for the inputs' minLength / maxLength attributes. */
export const validationLimits = {
  passwordMin: 8,
  passwordMax: 128,
  email: 254,
  personName: 100,
  websiteUrl: 500,
} as const

const isRuleId = Schema.is(ValidationRuleSchema)

/**
 * States in the API's document (JSON Schema keywords) what the checks of the schema it annotates enforce, and the
 * rules no keyword can state in words: it annotates the last check and checks nothing itself.
 */
const stated = (jsonSchema: Record<string, unknown>, rules?: string) => ({
  toJsonSchema: () => jsonSchema,
  ...(rules === undefined ? {} : { description: rules }),
})

/** A check failing with the given rule; abort stops the field's later checks, so the first failure is the only one. */
export const rule = <T>(id: RuleId, valid: (value: T) => boolean): SchemaAST.Filter<T> =>
  Schema.makeFilter<T>((value) => valid(value), { rule: id, message: ruleMessages[id] }).abort()

/** Length in characters (code points), as PostgreSQL counts them, so a Cyrillic or emoji letter counts once. */
const characterCount = (s: string): number => Array.from(s).length

const atMost = (max: number) => rule<string>(ValidationRule.tooLong, (s) => characterCount(s) <= max)

// The spec names Chinese ("hieroglyphs"), Arabic and Cyrillic; Japanese kanji are Han too.
const chineseOrArabic = /[\p{Script=Han}\p{Script=Arabic}]/u
const cyrillic = /\p{Script=Cyrillic}/u

const noForeignScript = (allowCyrillic: boolean) =>
  rule<string>(
    ValidationRule.noForeignScript,
    (s) => !chineseOrArabic.test(s) && (allowCyrillic || !cyrillic.test(s)),
  )

const noEdgeSpaces = rule<string>(ValidationRule.noEdgeSpaces, (s) => s.trim() === s)

const notOnlyDigits = rule<string>(ValidationRule.notOnlyDigits, (s) => !/^\d+$/.test(s))

// ASCII only on purpose: this is what rejects Chinese, Arabic and Cyrillic addresses, as the spec requires.
// The domain needs at least one dot, because a registration address must be reachable from the internet.
const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/**
 * An e-mail address: required (an empty one is missing, not badly formatted), the spec's format, no Chinese,
 * Arabic or Cyrillic characters, at most 254 characters.
 */
export const EmailField = Schema.String.check(
  rule(ValidationRule.required, (s) => s !== ''),
  atMost(validationLimits.email),
  rule(ValidationRule.email, (s) => emailPattern.test(s)),
).annotate(stated({ format: 'email', pattern: emailPattern.source, maxLength: validationLimits.email }))

// Letters, digits and the spec's punctuation !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~ : every printable ASCII but space.
const passwordPattern = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]+$/

/** The spec's password failure codes. */
export const PasswordFailureCode = { tooShort: 1, pattern: 2, empty: 3 } as const

/**
 * The spec's code for a password that fails: empty 3, shorter than 8 characters 1, outside the allowed
 * characters 2; undefined when none of these fails (the 128 character cap is the separate rule passwordTooLong).
 */
export const passwordFailureCode = (value: string): 1 | 2 | 3 | undefined => {
  if (value === '') return PasswordFailureCode.empty
  if (characterCount(value) < validationLimits.passwordMin) return PasswordFailureCode.tooShort
  if (!passwordPattern.test(value)) return PasswordFailureCode.pattern
  return undefined
}

/** A password: 8 to 128 latin letters, digits and listed punctuation, no spaces. */
export const PasswordField = Schema.String.check(
  rule(ValidationRule.passwordEmpty, (s) => passwordFailureCode(s) !== PasswordFailureCode.empty),
  rule(ValidationRule.passwordTooShort, (s) => passwordFailureCode(s) !== PasswordFailureCode.tooShort),
  rule(ValidationRule.passwordPattern, (s) => passwordFailureCode(s) !== PasswordFailureCode.pattern),
  rule(ValidationRule.passwordTooLong, (s) => characterCount(s) <= validationLimits.passwordMax),
).annotate(
  stated({
    minLength: validationLimits.passwordMin,
    maxLength: validationLimits.passwordMax,
    pattern: passwordPattern.source,
  }),
)

// What people type between the digits of a phone number: spaces (also no-break), dashes, dots, slashes, brackets.
const phoneSeparators = /[\s\u00a0\-\u2010-\u2015.()/]/g

/**
 * A phone number as it is stored: '+48 600 123 456', '(0370) 600-12-345' and '+48.600.123.456' become
 * '+48600123456', '037060012345' and '+48600123456'. Only separators are removed, and only from a value made of
 * an optional leading + and digits with separators between them; anything else (letters, a + inside) is returned trimmed but
 * otherwise as typed, so the phone rule refuses it.
 */
export const normalisePhone = (value: string): string => {
  const trimmed = value.trim()
  if (!/^\+?[\d(][\d\s\u00a0\-\u2010-\u2015.()/]*$/.test(trimmed)) return trimmed
  return trimmed.replace(phoneSeparators, '')
}

/**
 * Runs `normalise` before the checks on decoding; encoding gives the stored value back unchanged. `typed` is the
 * text as it is sent, which is what the API's document states.
 */
const normalisedString = <S extends Schema.Codec<string, string>>(
  normalise: (value: string) => string,
  checked: S,
  typed: Schema.String = Schema.String,
) =>
  typed.pipe(
    Schema.decodeTo(
      checked,
      SchemaTransformation.transform<string, string>({ decode: normalise, encode: (value) => value }),
    ),
  )

/** A separator normalisePhone removes, as a regular expression's character class. */
const phoneSeparator = String.raw`[\s\u00a0\u2010-\u2015.()/-]`

/**
 * What PhoneField accepts as typed, as one regular expression (the API's document states it): edge spaces, an
 * optional +, then 4 to 20 digits with separators between them, the first after the + a digit or a bracket.
 */
export const phoneAsTyped = new RegExp(
  String.raw`^\s*\+?(?=[\d(])${phoneSeparator}*(?:\d${phoneSeparator}*){4,20}$`,
  'u',
)

/** A phone number: an optional + then 4 to 20 digits, typed with any spaces, dashes, dots or brackets. */
export const PhoneField = normalisedString(
  normalisePhone,
  Schema.String.check(rule(ValidationRule.phone, (s) => /^\+?\d{4,20}$/.test(s))),
  // Checks nothing itself (the number is checked once its separators are gone): it states what the checks enforce.
  Schema.String.check(
    Schema.makeFilter<string>(() => true).annotate(
      stated(
        { pattern: phoneAsTyped.source },
        'An optional + and 4 to 20 digits; spaces, dashes, dots, slashes and brackets between them.',
      ),
    ),
  ),
)

/** Text of latin letters and spaces only. */
export const LatinText = Schema.String.check(rule(ValidationRule.latin, (s) => /^[A-Za-z ]*$/.test(s)))

/** Free text of at most `max` characters, no edge spaces, no Chinese or Arabic, and Cyrillic only if allowed. */
export const PlainText = (options: { readonly max: number; readonly allowCyrillic?: boolean }) =>
  Schema.String.check(
    noEdgeSpaces,
    noForeignScript(options.allowCyrillic ?? false),
    atMost(options.max),
  ).annotate(
    stated(
      { maxLength: options.max },
      `No spaces at either end; no Chinese${options.allowCyrillic ? ' or Arabic' : ', Arabic or Cyrillic'} characters.`,
    ),
  )

/** A person's name: 1 to 100 characters, no edge spaces, not only digits, no Chinese or Arabic; Cyrillic is fine. */
export const PersonName = Schema.String.check(
  rule(ValidationRule.required, (s) => s !== ''),
  noEdgeSpaces,
  noForeignScript(true),
  notOnlyDigits,
  atMost(validationLimits.personName),
).annotate(
  stated(
    { minLength: 1, maxLength: validationLimits.personName },
    'No spaces at either end, not only digits; no Chinese or Arabic characters.',
  ),
)

/** A text area's value: at most `max` characters (250 by default). */
export const TextArea = ({ max = textAreaMaxLength }: { readonly max?: number } = {}) =>
  Schema.String.check(atMost(max)).annotate(stated({ maxLength: max }))

/** IPv4 ranges that are not on the public internet (RFC 6890): this host, private, shared, loopback, link-local
 * (cloud metadata at 169.254.169.254), protocol assignments, benchmarking, multicast, reserved, broadcast. */
const privateIpv4: ReadonlyArray<readonly [number, number]> = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0000200, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15],
  [0xc6336400, 24],
  [0xcb007100, 24],
  [0xe0000000, 4],
  [0xf0000000, 4],
]

const ipv4Number = (host: string): number | null => {
  const parts = host.split('.')
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null
  return parts.reduce((n, p) => n * 256 + Number(p), 0)
}

const isPrivateIpv4 = (value: number) =>
  privateIpv4.some(
    ([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
  )

/**
 * Whether a URL's host name (as the URL parser normalises it: lower case, IPv4 in dotted form however it was
 * written, IPv6 in brackets) names a host on the public internet. Loopback, private, link-local and other
 * reserved addresses and the names that mean this machine or a local network are refused, so that nothing a
 * visitor enters can point the server, or other visitors' browsers, at an internal service.
 */
export const isPublicHost = (hostname: string): boolean => {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === '' || host === 'localhost' || /\.(localhost|local|internal|home\.arpa|lan)$/.test(host))
    return false
  if (!host.includes('.') && !host.startsWith('[')) return false
  const v4 = ipv4Number(host)
  if (v4 !== null) return !isPrivateIpv4(v4)
  if (host.startsWith('[')) {
    const v6 = host.slice(1, -1)
    // IPv4-mapped and -compatible addresses are the IPv4 address they carry.
    const mapped = /^(?:::ffff:|::)(\d+\.\d+\.\d+\.\d+)$/.exec(v6)?.[1]
    if (mapped) return isPublicHost(mapped)
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6)
    if (hex?.[1] && hex[2])
      return !isPrivateIpv4(Number.parseInt(hex[1], 16) * 65536 + Number.parseInt(hex[2], 16))
    const first = Number.parseInt(v6.split(':')[0] || '0', 16)
    // Unspecified and loopback, unique local fc00::/7, link-local fe80::/10, multicast ff00::/8, documentation.
    if (v6 === '::' || v6 === '::1') return false
    if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00)
      return false
    if (v6.startsWith('2001:db8:') || v6.startsWith('64:ff9b:')) return false
    return true
  }
  return true
}

const isWebUrl = (s: string): boolean => {
  // The URL parser silently drops edge whitespace and escapes inner spaces, so any whitespace is refused first.
  if (/\s/.test(s)) return false
  const url = URL.parse(s)
  return (
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    isPublicHost(url.hostname)
  )
}

/**
 * A web address as it is stored: edge whitespace removed and, when it is typed without a scheme
 * ('gkb.example.pl', 'www.example.org/x', '//example.org'), https:// put in front. An address with a scheme is
 * left as it is, so 'ftp://…' or 'javascript:…' still fail the url rule rather than being rewritten into one.
 */
export const normaliseWebUrl = (value: string): string => {
  const trimmed = value.trim()
  if (trimmed === '' || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(trimmed)) return trimmed
  if (trimmed.startsWith('//')) return `https:${trimmed}`
  // 'javascript:alert(1)', 'mailto:x@y.z': a scheme without '//' is never a bare host name (a host has no ':'
  // before its port's digits), so it is kept and refused.
  if (/^[A-Za-z][A-Za-z0-9+.-]*:(?!\d)/.test(trimmed)) return trimmed
  return `https://${trimmed}`
}

/**
 * A website address: an http or https URL of at most 500 characters, on a public host (never this machine, a
 * private network or a cloud's metadata address) and without credentials in it; typed without a scheme it
 * becomes https:// (normaliseWebUrl).
 */
export const WebsiteUrl = Schema.String.check(
  // Checks nothing itself (the address is checked once https:// is put in front of a bare host): it states in the
  // API's document what the checks below enforce.
  Schema.makeFilter<string>(() => true).annotate(
    stated(
      { format: 'uri-reference', maxLength: validationLimits.websiteUrl },
      `An http or https address on a public host, at most ${validationLimits.websiteUrl} characters; typed without a scheme, https:// is put in front.`,
    ),
  ),
).pipe(
  Schema.decodeTo(
    Schema.String.check(atMost(validationLimits.websiteUrl), rule(ValidationRule.url, isWebUrl)),
    SchemaTransformation.transform<string, string>({ decode: normaliseWebUrl, encode: (value) => value }),
  ),
)

// A ticked HTML checkbox posts 'on' (or its value attribute, 'true' here); a JSON body sends true.
const acceptedValues: ReadonlyArray<unknown> = [true, 'on', 'true']

/** A checkbox that must be ticked ('on', 'true' or true); decodes to true. An unticked box is missing: mustAccept. */
export const RequiredTrue = Schema.Unknown.check(
  rule(ValidationRule.mustAccept, (u) => acceptedValues.includes(u)),
)
  .pipe(
    Schema.decodeTo(
      Schema.Literal(true),
      SchemaTransformation.transform<true, unknown>({ decode: () => true, encode: (accepted) => accepted }),
    ),
  )
  .annotateKey({ rule: ValidationRule.mustAccept, messageMissingKey: ruleMessages.mustAccept })

/** True unless both ISO dates ('YYYY-MM-DD' or same-format date-times) are set and the end is before the start. */
export const dateRangeIsValid = (start: string | undefined, end: string | undefined): boolean =>
  start === undefined || end === undefined || start <= end

/** A field's first failing rule and its English message. */
export interface FieldError {
  readonly rule: RuleId
  readonly message: string
}

/** The outcome of decodeForm: the decoded value, or the first failing rule per top-level field name. */
export type FormDecoding<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly errors: Readonly<Record<string, FieldError>> }

/** A schema decodeForm accepts: a struct (or class) of fields that needs no services to decode. */
export type FormSchema = Schema.ConstraintDecoder<unknown> & { readonly fields: Schema.Struct.Fields }

const acceptsNull = (ast: SchemaAST.AST): boolean => {
  const encoded = SchemaAST.toEncoded(ast)
  return encoded._tag === 'Null' || (encoded._tag === 'Union' && encoded.types.some((t) => t._tag === 'Null'))
}

/**
 * The form input with empty strings removed: an empty text input is absent, so an optional field is left out,
 * a nullable one becomes null and a required one reports 'required'. A non-object input counts as empty.
 */
const formInput = (fields: Schema.Struct.Fields, input: unknown): Record<string, unknown> => {
  const values: Record<string, unknown> = {}
  if (!Predicate.isObject(input)) return values
  for (const [key, value] of Object.entries(input)) {
    if (value !== '') {
      values[key] = value
      continue
    }
    const field = fields[key]
    if (field !== undefined && !SchemaAST.isOptional(field.ast) && acceptsNull(field.ast)) values[key] = null
  }
  return values
}

// Issues that name no field (a struct-level check without a path) are kept under this key, so a failed
// decoding never reports an empty error record.
const formKey = ''

const fieldOf = (pointer: SchemaIssue.Pointer): string | undefined => {
  const head = pointer.path[0]
  return head === undefined ? undefined : String(head)
}

/**
 * The first rule per top-level field. An issue carrying no rule (a missing key, a wrong type, a value outside
 * a literal set) counts as 'required' unless the field has a ruled issue too.
 */
const errorsOf = (issue: SchemaIssue.Issue): Record<string, FieldError> => {
  const ruled = new Map<string, RuleId>()
  const unruled = new Set<string>()
  const found = (key: string, id: unknown) => {
    if (!isRuleId(id)) unruled.add(key)
    else if (!ruled.has(key)) ruled.set(key, id)
  }
  const visit = (node: SchemaIssue.Issue, key: string | undefined): void => {
    switch (node._tag) {
      case 'Pointer':
        visit(node.issue, key ?? fieldOf(node))
        return
      case 'Composite':
      case 'AnyOf':
        for (const inner of node.issues) visit(inner, key)
        return
      case 'Encoding':
        visit(node.issue, key)
        return
      case 'Filter': {
        const id = node.filter.annotations?.rule
        // A struct-level check reports its field as a Pointer inside the Filter issue.
        if (isRuleId(id))
          found(key ?? (node.issue._tag === 'Pointer' ? fieldOf(node.issue) : undefined) ?? formKey, id)
        else visit(node.issue, key)
        return
      }
      case 'MissingKey':
        found(key ?? formKey, node.annotations?.rule ?? ValidationRule.required)
        return
      default:
        found(key ?? formKey, undefined)
    }
  }
  visit(issue, undefined)
  const errors: Record<string, FieldError> = {}
  for (const key of unruled) if (!ruled.has(key)) ruled.set(key, ValidationRule.required)
  for (const [key, id] of ruled) {
    errors[key] = {
      rule: id,
      message: ruleMessages[id].replace('{field}', () => (key === formKey ? 'form' : key)),
    }
  }
  return errors
}

/**
 * Decodes form input (Object.fromEntries of FormData, or a JSON body) with a struct of the fields above;
 * on failure gives each failing top-level field its first rule and English message. Empty strings are absent.
 */
export const decodeForm = <S extends FormSchema>(schema: S, input: unknown): FormDecoding<S['Type']> => {
  const result = SchemaParser.decodeUnknownResult(schema)(formInput(schema.fields, input), { errors: 'all' })
  return Result.isSuccess(result)
    ? { ok: true, value: result.success }
    : { ok: false, errors: errorsOf(result.failure) }
}

/** The errors of decodeForm alone: {} when the input is valid. */
export const fieldErrors = (schema: FormSchema, input: unknown): Readonly<Record<string, FieldError>> => {
  const decoded = decodeForm(schema, input)
  return decoded.ok ? {} : decoded.errors
}
