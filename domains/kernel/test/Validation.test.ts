import { Result, Schema, SchemaParser } from 'effect'
import { describe, expect, it } from 'vitest'
import {
  dateRangeIsValid,
  decodeForm,
  EmailField,
  fieldErrors,
  LatinText,
  normalisePhone,
  normaliseWebUrl,
  PasswordField,
  PersonName,
  PhoneField,
  PlainText,
  passwordFailureCode,
  RequiredTrue,
  type RuleId,
  ruleMessages,
  TextArea,
  ValidationRule,
  WebsiteUrl,
} from '../src/Validation.ts'

/** The rules a schema fails with when decoded directly, collecting all errors; [] when the value is valid. */
const directRules = (schema: Schema.ConstraintDecoder<unknown>, value: unknown): ReadonlyArray<unknown> => {
  const result = SchemaParser.decodeUnknownResult(schema)(value, { errors: 'all' })
  if (Result.isSuccess(result)) return []
  const issues = result.failure._tag === 'Composite' ? result.failure.issues : [result.failure]
  return issues.map((issue) => (issue._tag === 'Filter' ? issue.filter.annotations?.rule : issue._tag))
}

/** The rule a single field schema fails with in a form, or undefined when the value is valid. */
const failedRule = (schema: Schema.ConstraintDecoder<unknown>, value: unknown): RuleId | undefined =>
  fieldErrors(Schema.Struct({ value: schema }), { value }).value?.rule

describe('EmailField', () => {
  it('accepts a plain address', () => {
    expect(failedRule(EmailField, 'user@example.com')).toBeUndefined()
    expect(failedRule(EmailField, 'first.last+tag@mail.example.co.uk')).toBeUndefined()
  })

  it('says an empty address is required, not badly formatted', () => {
    expect(failedRule(EmailField, '')).toBe(ValidationRule.required)
    expect(directRules(EmailField, '')).toEqual([ValidationRule.required])
    expect(fieldErrors(Schema.Struct({ email: EmailField }), {})).toEqual({
      email: { rule: ValidationRule.required, message: 'The email is required' },
    })
  })

  it.each([
    'пользователь@example.com',
    'user@例え.jp',
    'user@مثال.com',
    'no-at-sign',
    ' user@example.com',
    'user@example.com ',
    'user@localhost',
  ])('rejects %j with the e-mail rule', (value) => {
    expect(failedRule(EmailField, value)).toBe(ValidationRule.email)
  })

  it('rejects an address over 254 characters as too long', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`
    expect(long.length).toBe(255)
    expect(failedRule(EmailField, long)).toBe(ValidationRule.tooLong)
    expect(failedRule(EmailField, long.slice(1))).toBeUndefined()
  })
})

describe('passwordFailureCode', () => {
  it('gives the spec codes: empty 3, too short 1, pattern 2', () => {
    expect(passwordFailureCode('')).toBe(3)
    expect(passwordFailureCode('short')).toBe(1)
    expect(passwordFailureCode('has space 123')).toBe(2)
    expect(passwordFailureCode('Пароль12345')).toBe(2)
  })

  it('gives undefined for a valid password, punctuation included', () => {
    expect(passwordFailureCode('Valid!Pass9')).toBeUndefined()
    expect(passwordFailureCode('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')).toBeUndefined()
  })
})

describe('PasswordField', () => {
  it('fails the spec rules in order, one rule at a time: empty, too short, pattern', () => {
    expect(directRules(PasswordField, '')).toEqual([ValidationRule.passwordEmpty])
    expect(directRules(PasswordField, 'short')).toEqual([ValidationRule.passwordTooShort])
    expect(directRules(PasswordField, 'has space 123')).toEqual([ValidationRule.passwordPattern])
  })

  it('caps the length at 128 characters', () => {
    expect(failedRule(PasswordField, 'a'.repeat(128))).toBeUndefined()
    expect(failedRule(PasswordField, 'a'.repeat(129))).toBe(ValidationRule.passwordTooLong)
  })

  it('accepts a valid password', () => {
    expect(directRules(PasswordField, 'Valid!Pass9')).toEqual([])
  })
})

describe('PhoneField', () => {
  it.each(['+37060012345', '37060012345', '1234', `+${'1'.repeat(20)}`])('accepts %j', (value) => {
    expect(failedRule(PhoneField, value)).toBeUndefined()
  })

  it.each([
    '123',
    '+',
    '12-3',
    `${'1'.repeat(21)}`,
    '-37060012345',
    '+48 600 abc',
    '48+600123456',
    '600 123 456 ext 7',
  ])('rejects %j with the phone rule', (value) => {
    expect(failedRule(PhoneField, value)).toBe(ValidationRule.phone)
  })

  it.each([
    ['+48 600 123 456', '+48600123456'],
    ['+48-600-123-456', '+48600123456'],
    ['+48.600.123.456', '+48600123456'],
    ['(0370) 600 12345', '037060012345'],
    ['+370 (600) 12-345', '+37060012345'],
    [' +48\u00a0600\u2013123\u2013456 ', '+48600123456'],
    ['12-34', '1234'],
  ])('accepts %j as typed and decodes it to %j', (typed, stored) => {
    const decoded = decodeForm(Schema.Struct({ phone: PhoneField }), { phone: typed })
    expect(decoded).toEqual({ ok: true, value: { phone: stored } })
  })

  it('leaves what is not a phone number as typed, only trimmed', () => {
    expect(normalisePhone(' +48 600 abc ')).toBe('+48 600 abc')
    expect(normalisePhone('48+600')).toBe('48+600')
  })
})

describe('LatinText', () => {
  it('accepts latin letters and spaces', () => {
    expect(failedRule(LatinText, 'John Smith')).toBeUndefined()
  })

  it.each(['Jonas Šimkus', 'Иван', 'R2D2', 'a-b'])('rejects %j with the latin rule', (value) => {
    expect(failedRule(LatinText, value)).toBe(ValidationRule.latin)
  })
})

describe('PersonName', () => {
  it.each(['Иван', 'Jonas Šimkus', "O'Brien", 'Anna-Maria', 'R2D2'])('accepts %j', (value) => {
    expect(failedRule(PersonName, value)).toBeUndefined()
  })

  it('rejects a name of digits only with the spec message', () => {
    expect(fieldErrors(Schema.Struct({ firstName: PersonName }), { firstName: '12345' })).toEqual({
      firstName: { rule: ValidationRule.notOnlyDigits, message: 'Incorrect string value' },
    })
  })

  it.each([
    [' text', ValidationRule.noEdgeSpaces],
    ['text ', ValidationRule.noEdgeSpaces],
    ['李雷', ValidationRule.noForeignScript],
    ['محمد', ValidationRule.noForeignScript],
    ['a'.repeat(101), ValidationRule.tooLong],
  ])('rejects %j with %s', (value, rule) => {
    expect(failedRule(PersonName, value)).toBe(rule)
  })

  it('accepts 100 characters', () => {
    expect(failedRule(PersonName, 'a'.repeat(100))).toBeUndefined()
  })

  it('rejects the empty string when decoded directly', () => {
    expect(directRules(PersonName, '')).toEqual([ValidationRule.required])
  })
})

describe('PlainText', () => {
  const latinOnly = PlainText({ max: 10 })
  const withCyrillic = PlainText({ max: 10, allowCyrillic: true })

  it('refuses Cyrillic unless allowed', () => {
    expect(failedRule(latinOnly, 'Вильнюс')).toBe(ValidationRule.noForeignScript)
    expect(failedRule(withCyrillic, 'Вильнюс')).toBeUndefined()
  })

  it('refuses Chinese and Arabic even with Cyrillic allowed', () => {
    expect(failedRule(withCyrillic, '北京')).toBe(ValidationRule.noForeignScript)
    expect(failedRule(withCyrillic, 'القاهرة')).toBe(ValidationRule.noForeignScript)
  })

  it('refuses edge spaces and text over the maximum', () => {
    expect(failedRule(latinOnly, ' text')).toBe(ValidationRule.noEdgeSpaces)
    expect(failedRule(latinOnly, 'a'.repeat(11))).toBe(ValidationRule.tooLong)
    expect(failedRule(latinOnly, 'a'.repeat(10))).toBeUndefined()
  })

  it('counts characters, not UTF-16 units', () => {
    expect(failedRule(PlainText({ max: 2 }), '😀😀')).toBeUndefined()
  })
})

describe('TextArea', () => {
  it('allows 250 characters by default and refuses 251', () => {
    expect(failedRule(TextArea(), 'a'.repeat(250))).toBeUndefined()
    expect(failedRule(TextArea(), 'a'.repeat(251))).toBe(ValidationRule.tooLong)
  })

  it('takes another maximum', () => {
    expect(failedRule(TextArea({ max: 5 }), 'abcdef')).toBe(ValidationRule.tooLong)
    expect(failedRule(TextArea({ max: 5 }), 'abcde')).toBeUndefined()
  })
})

describe('WebsiteUrl', () => {
  it.each(['https://example.com', 'http://example.com/path?q=1#top', 'https://sub.example.lt:8080/'])(
    'accepts %j',
    (value) => {
      expect(failedRule(WebsiteUrl, value)).toBeUndefined()
    },
  )

  it.each([
    ['gkb.example.pl', 'https://gkb.example.pl'],
    ['www.example.org/results?round=2', 'https://www.example.org/results?round=2'],
    ['  example.lt:8080/live ', 'https://example.lt:8080/live'],
    ['//example.com/x', 'https://example.com/x'],
    [' https://example.com ', 'https://example.com'],
    ['http://example.com', 'http://example.com'],
  ])('accepts %j as typed and stores %j', (typed, stored) => {
    expect(decodeForm(Schema.Struct({ url: WebsiteUrl }), { url: typed })).toEqual({
      ok: true,
      value: { url: stored },
    })
    expect(normaliseWebUrl(stored)).toBe(stored)
  })

  it.each([
    'ftp://example.com',
    'javascript:alert(1)',
    'mailto:someone@example.com',
    'https://',
    'https://exa mple.com',
    'exa mple.com',
    'localhost:3000',
    '127.0.0.1',
    'intranet',
  ])('rejects %j with the url rule', (value) => {
    expect(failedRule(WebsiteUrl, value)).toBe(ValidationRule.url)
  })

  // Nothing a visitor enters may point the server or other visitors at an internal service (SSRF), however the
  // address is spelt: the URL parser normalises decimal, hex and mapped forms before the host is judged.
  it.each([
    'http://localhost:3000/',
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://10.0.0.5/',
    'http://172.16.3.4/',
    'http://192.168.1.1/router',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[fe80::1]/',
    'http://[fd00::5]/',
    'http://metadata.google.internal/',
    'http://printer.local/',
    'http://intranet/',
    'https://user:secret@example.com/',
  ])('refuses %j, which is not a public web address, with the url rule', (value) => {
    expect(failedRule(WebsiteUrl, value)).toBe(ValidationRule.url)
  })

  it.each(['http://8.8.8.8/', 'https://[2a00:1450:4001::200e]/', 'https://bridge.example.org./'])(
    'accepts the public address %j',
    (value) => {
      expect(failedRule(WebsiteUrl, value)).toBeUndefined()
    },
  )

  it('refuses more than 500 characters', () => {
    const prefix = 'https://example.com/'
    expect(failedRule(WebsiteUrl, prefix + 'a'.repeat(500 - prefix.length))).toBeUndefined()
    expect(failedRule(WebsiteUrl, prefix + 'a'.repeat(501 - prefix.length))).toBe(ValidationRule.tooLong)
  })
})

describe('RequiredTrue', () => {
  const Terms = Schema.Struct({ acceptRules: RequiredTrue })

  it.each(['on', 'true', true])('decodes %j to true', (value) => {
    expect(decodeForm(Terms, { acceptRules: value })).toEqual({ ok: true, value: { acceptRules: true } })
  })

  it.each(['off', 'false', false, ''])('rejects %j with mustAccept', (value) => {
    expect(fieldErrors(Terms, { acceptRules: value }).acceptRules?.rule).toBe(ValidationRule.mustAccept)
  })

  it('rejects an unticked box, which a form does not send at all, with mustAccept', () => {
    expect(fieldErrors(Terms, {})).toEqual({
      acceptRules: { rule: ValidationRule.mustAccept, message: 'The acceptRules must be accepted' },
    })
  })
})

describe('dateRangeIsValid', () => {
  it('accepts an end on or after the start', () => {
    expect(dateRangeIsValid('2027-03-01', '2027-03-31')).toBe(true)
    expect(dateRangeIsValid('2027-03-01', '2027-03-01')).toBe(true)
  })

  it('rejects an end before the start', () => {
    expect(dateRangeIsValid('2027-03-31', '2027-03-01')).toBe(false)
    expect(ruleMessages.dateRange).toBe('The dates are not valid!')
  })

  it('accepts an open range', () => {
    expect(dateRangeIsValid(undefined, '2027-03-01')).toBe(true)
    expect(dateRangeIsValid('2027-03-01', undefined)).toBe(true)
  })
})

describe('decodeForm', () => {
  const SignUp = Schema.Struct({
    email: EmailField,
    password: PasswordField,
    firstName: PersonName,
    phone: Schema.optional(PhoneField),
    website: Schema.NullOr(WebsiteUrl),
    about: Schema.optionalKey(TextArea()),
    acceptRules: RequiredTrue,
  })

  it('gives the decoded value when every field is valid', () => {
    expect(
      decodeForm(SignUp, {
        email: 'user@example.com',
        password: 'Valid!Pass9',
        firstName: 'Иван',
        phone: '+37060012345',
        website: 'https://example.com',
        about: 'Chess player',
        acceptRules: 'on',
      }),
    ).toEqual({
      ok: true,
      value: {
        email: 'user@example.com',
        password: 'Valid!Pass9',
        firstName: 'Иван',
        phone: '+37060012345',
        website: 'https://example.com',
        about: 'Chess player',
        acceptRules: true,
      },
    })
  })

  it('treats empty optional fields as absent and an empty nullable field as null', () => {
    expect(
      decodeForm(SignUp, {
        email: 'user@example.com',
        password: 'Valid!Pass9',
        firstName: 'Jonas',
        phone: '',
        website: '',
        about: '',
        acceptRules: 'true',
      }),
    ).toEqual({
      ok: true,
      value: {
        email: 'user@example.com',
        password: 'Valid!Pass9',
        firstName: 'Jonas',
        website: null,
        acceptRules: true,
      },
    })
  })

  it('gives the first failing rule and its message for every invalid field', () => {
    expect(
      decodeForm(SignUp, {
        email: 'пользователь@example.com',
        password: 'short',
        firstName: '12345',
        phone: '12-3',
        website: 'intranet',
        about: 'a'.repeat(251),
      }),
    ).toEqual({
      ok: false,
      errors: {
        email: {
          rule: ValidationRule.email,
          message: 'The email must not contain hieroglyphs/cyrillic chars in email or/and email formatting',
        },
        password: {
          rule: ValidationRule.passwordTooShort,
          message: 'The password must be at least 8 characters long',
        },
        firstName: { rule: ValidationRule.notOnlyDigits, message: 'Incorrect string value' },
        phone: { rule: ValidationRule.phone, message: ruleMessages.phone.replace('{field}', 'phone') },
        website: { rule: ValidationRule.url, message: ruleMessages.url.replace('{field}', 'website') },
        about: { rule: ValidationRule.tooLong, message: 'The about is too long' },
        acceptRules: { rule: ValidationRule.mustAccept, message: 'The acceptRules must be accepted' },
      },
    })
  })

  it('reports missing and empty required fields as required', () => {
    expect(fieldErrors(SignUp, { email: '', firstName: '', acceptRules: 'on' })).toEqual({
      email: { rule: ValidationRule.required, message: 'The email is required' },
      password: { rule: ValidationRule.required, message: 'The password is required' },
      firstName: { rule: ValidationRule.required, message: 'The firstName is required' },
      website: { rule: ValidationRule.required, message: 'The website is required' },
    })
  })

  it('reports a value of the wrong type as required', () => {
    expect(fieldErrors(Schema.Struct({ email: EmailField }), { email: 42 })).toEqual({
      email: { rule: ValidationRule.required, message: 'The email is required' },
    })
  })

  it('treats a non-object input as an empty form', () => {
    expect(fieldErrors(Schema.Struct({ email: EmailField }), null)).toEqual({
      email: { rule: ValidationRule.required, message: 'The email is required' },
    })
  })

  it('ignores fields the schema does not name', () => {
    expect(
      decodeForm(Schema.Struct({ email: EmailField }), { email: 'user@example.com', csrf: 'x' }),
    ).toEqual({
      ok: true,
      value: { email: 'user@example.com' },
    })
  })
})

describe('decodeForm with form-level checks and classes', () => {
  const dateRange = Schema.makeFilter(
    ({ start, end }: { readonly start: string; readonly end: string }) =>
      dateRangeIsValid(start, end) || { path: ['end'], issue: ruleMessages.dateRange },
    { rule: ValidationRule.dateRange },
  )
  const Period = Schema.Struct({ start: Schema.String, end: Schema.String }).check(dateRange)

  it('reports a struct check under the field its issue points at', () => {
    expect(fieldErrors(Period, { start: '2027-03-31', end: '2027-03-01' })).toEqual({
      end: { rule: ValidationRule.dateRange, message: 'The dates are not valid!' },
    })
    expect(fieldErrors(Period, { start: '2027-03-01', end: '2027-03-31' })).toEqual({})
  })

  it('reports a struct check that names no field under the empty key', () => {
    const Unpointed = Schema.Struct({ start: Schema.String, end: Schema.String }).check(
      Schema.makeFilter(({ start, end }) => dateRangeIsValid(start, end), { rule: ValidationRule.dateRange }),
    )
    expect(fieldErrors(Unpointed, { start: '2027-03-31', end: '2027-03-01' })).toEqual({
      '': { rule: ValidationRule.dateRange, message: 'The dates are not valid!' },
    })
  })

  class Contact extends Schema.Class<Contact>('Contact')({
    email: EmailField,
    phone: Schema.optional(PhoneField),
  }) {}

  it('decodes a Schema.Class', () => {
    const decoded = decodeForm(Contact, { email: 'user@example.com', phone: '' })
    expect(decoded.ok && decoded.value).toEqual(new Contact({ email: 'user@example.com' }))
    expect(fieldErrors(Contact, { email: 'no-at-sign', phone: '12-3' })).toEqual({
      email: { rule: ValidationRule.email, message: ruleMessages.email.replace('{field}', 'email') },
      phone: { rule: ValidationRule.phone, message: ruleMessages.phone.replace('{field}', 'phone') },
    })
  })
})

describe('fieldErrors', () => {
  it('gives no errors for valid input', () => {
    expect(fieldErrors(Schema.Struct({ name: PersonName }), { name: 'Jonas' })).toEqual({})
  })
})
