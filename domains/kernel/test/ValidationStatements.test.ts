import { Schema } from 'effect'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  EmailField,
  fieldErrors,
  PasswordField,
  PersonName,
  PhoneField,
  PlainText,
  phoneAsTyped,
  TextArea,
  validationLimits,
  WebsiteUrl,
} from '../src/Validation.ts'

// What the field schemas state about themselves in JSON Schema (the API's OpenAPI document reads it) is what they
// check: a stated pattern with the stated lengths accepts exactly the values the field accepts, and a stated
// length is where the field draws the line.

type Statement = { readonly [keyword: string]: unknown }

const isStatement = (u: unknown): u is Statement => typeof u === 'object' && u !== null && !Array.isArray(u)

/** The keywords a field states, its `allOf` parts merged in. */
const statementOf = (field: Schema.Top): Statement => {
  const { allOf, ...own } = Schema.toJsonSchemaDocument(field).schema
  const parts = Array.isArray(allOf) ? allOf.filter(isStatement) : []
  const merged: Record<string, unknown> = { ...own }
  for (const part of parts) Object.assign(merged, part)
  return merged
}

const numberOf = (statement: Statement, keyword: string): number | undefined => {
  const value = statement[keyword]
  return typeof value === 'number' ? value : undefined
}

/** Whether a value is valid by the statement alone: its pattern and its lengths in characters (code points). */
const statedValid = (statement: Statement, value: string): boolean => {
  const length = Array.from(value).length
  const pattern = statement.pattern
  return (
    (typeof pattern !== 'string' || new RegExp(pattern, 'u').test(value)) &&
    length >= (numberOf(statement, 'minLength') ?? 0) &&
    length <= (numberOf(statement, 'maxLength') ?? Number.POSITIVE_INFINITY)
  )
}

/** Whether the field accepts the value as a form field (an empty text is a missing one). */
const accepted = (field: Schema.Codec<string, string>, value: string): boolean =>
  fieldErrors(Schema.Struct({ value: field }), { value }).value === undefined

/** Text from `alphabet`, up to `maxLength` characters. */
const textOf = (alphabet: ReadonlyArray<string>, maxLength: number) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((chars) => chars.join(''))

describe('a field with a stated pattern accepts exactly what its statement does', () => {
  const cases = [
    {
      name: 'EmailField',
      field: EmailField,
      alphabet: ['a', 'Z', '0', '.', '@', '-', '_', '+', ' ', 'é', 'ж', '!', '@example.org'],
      maxLength: 12,
    },
    {
      name: 'PasswordField',
      field: PasswordField,
      alphabet: ['a', 'Z', '0', '!', '~', '\\', '"', ' ', 'é', 'ж', 'Bridge!2026'],
      maxLength: 20,
    },
    {
      name: 'PhoneField',
      field: PhoneField,
      alphabet: ['0', '7', '+', '(', ')', ' ', '-', '.', '/', '\u00a0', '\u2012', '\n', 'a', '600 123'],
      maxLength: 12,
    },
  ]

  it.each(cases)('$name', ({ field, alphabet, maxLength }) => {
    const statement = statementOf(field)
    expect(typeof statement.pattern).toBe('string')
    fc.assert(
      fc.property(
        textOf(alphabet, maxLength),
        (value) => statedValid(statement, value) === accepted(field, value),
      ),
      { numRuns: 2000 },
    )
  })

  it('PhoneField states the numbers people type, with their separators', () => {
    for (const typed of ['+48 600 123 456', '(0370) 600-12-345', ' +48.600.123.456 ', '1234', '1'.repeat(20)])
      expect([typed, phoneAsTyped.test(typed), accepted(PhoneField, typed)]).toEqual([typed, true, true])
    for (const typed of ['+ 48 600', '123', '1'.repeat(21), '48+600123', ''])
      expect([typed, phoneAsTyped.test(typed), accepted(PhoneField, typed)]).toEqual([typed, false, false])
  })
})

describe('a stated length is where the field draws the line', () => {
  const cases = [
    { name: 'EmailField', field: EmailField, at: (n: number) => `${'a'.repeat(n - 12)}@example.org` },
    { name: 'PasswordField', field: PasswordField, at: (n: number) => 'a'.repeat(n) },
    { name: 'PersonName', field: PersonName, at: (n: number) => 'ž'.repeat(n) },
    { name: 'PlainText', field: PlainText({ max: 40 }), at: (n: number) => 'a'.repeat(n) },
    { name: 'TextArea', field: TextArea({ max: 250 }), at: (n: number) => '😀'.repeat(n) },
    {
      name: 'WebsiteUrl',
      field: WebsiteUrl,
      at: (n: number) => `https://example.org/${'a'.repeat(n - 20)}`,
    },
  ]

  it.each(cases)('$name', ({ field, at }) => {
    const statement = statementOf(field)
    const maxLength = numberOf(statement, 'maxLength')
    expect(maxLength).toBeDefined()
    const limit = maxLength ?? 0
    expect(accepted(field, at(limit))).toBe(true)
    expect(accepted(field, at(limit + 1))).toBe(false)
    const minLength = numberOf(statement, 'minLength')
    if (minLength !== undefined) {
      expect(accepted(field, at(minLength))).toBe(true)
      if (minLength > 0) expect(accepted(field, at(minLength - 1))).toBe(false)
    }
  })

  it('the limits are the spec section 5 ones', () => {
    expect(numberOf(statementOf(EmailField), 'maxLength')).toBe(validationLimits.email)
    expect(numberOf(statementOf(PersonName), 'maxLength')).toBe(validationLimits.personName)
    expect(numberOf(statementOf(PasswordField), 'minLength')).toBe(validationLimits.passwordMin)
    expect(numberOf(statementOf(PasswordField), 'maxLength')).toBe(validationLimits.passwordMax)
    expect(numberOf(statementOf(WebsiteUrl), 'maxLength')).toBe(validationLimits.websiteUrl)
  })
})
