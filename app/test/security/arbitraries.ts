import { Schema } from 'effect'
import fc from 'fast-check'

// Arbitraries for the fuzz tests: values shaped by a JSON Schema (the subset the API's OpenAPI document uses:
// type, enum, anyOf, properties, required, additionalProperties, items, minimum/maximum, min/maxLength,
// maxItems, format), hostile strings and numbers, plain junk; bodies.ts builds request bodies from them.

// ---------------------------------------------------------------------------------------------------------
// The JSON Schema subset, decoded from the OpenAPI document

export interface JsonSchema {
  readonly type?: string | ReadonlyArray<string>
  readonly enum?: ReadonlyArray<unknown>
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly properties?: { readonly [key: string]: JsonSchema }
  readonly required?: ReadonlyArray<string>
  readonly additionalProperties?: boolean | JsonSchema
  readonly items?: JsonSchema
  readonly minimum?: number
  readonly maximum?: number
  readonly minLength?: number
  readonly maxLength?: number
  readonly minItems?: number
  readonly maxItems?: number
  readonly format?: string
}

const self = Schema.suspend((): Schema.Codec<JsonSchema> => JsonSchema)

export const JsonSchema: Schema.Codec<JsonSchema> = Schema.Struct({
  type: Schema.optionalKey(Schema.Union([Schema.String, Schema.Array(Schema.String)])),
  enum: Schema.optionalKey(Schema.Array(Schema.Unknown)),
  anyOf: Schema.optionalKey(Schema.Array(self)),
  properties: Schema.optionalKey(Schema.Record(Schema.String, self)),
  required: Schema.optionalKey(Schema.Array(Schema.String)),
  additionalProperties: Schema.optionalKey(Schema.Union([Schema.Boolean, self])),
  items: Schema.optionalKey(self),
  minimum: Schema.optionalKey(Schema.Number),
  maximum: Schema.optionalKey(Schema.Number),
  minLength: Schema.optionalKey(Schema.Number),
  maxLength: Schema.optionalKey(Schema.Number),
  minItems: Schema.optionalKey(Schema.Number),
  maxItems: Schema.optionalKey(Schema.Number),
  format: Schema.optionalKey(Schema.String),
})

/** The JSON types a schema admits (all of them when it names none). */
export const typesOf = (schema: JsonSchema): ReadonlyArray<string> => {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf)
  if (schema.type === undefined) return []
  return typeof schema.type === 'string' ? [schema.type] : schema.type
}

// ---------------------------------------------------------------------------------------------------------
// Hostile values

/** Strings that break parsers, databases, regular expressions and normalisation. */
export const nastyStrings: ReadonlyArray<string> = [
  '',
  ' ',
  '\t\n',
  '0',
  '-1',
  '1.5',
  '1e309',
  '-0',
  '0x1F',
  ' 42 ',
  '٤٢',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '{"a":1}',
  '\u0000',
  'a\u0000b',
  '\r\n',
  '\u001b[31m',
  '\u202eevil',
  '\u200b',
  '\ufeff',
  '\ud800',
  'a\udfffb',
  '😀',
  '👩‍👩‍👧‍👦',
  'ﬃ',
  'İı',
  'ß',
  'Ǆ',
  'é',
  'e\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  "' or 1=1 --",
  '"; drop table event; --',
  '%',
  '%00',
  '%zz',
  '%E0%A4%A',
  '%2e%2e%2f',
  '../../../etc/passwd',
  '..',
  '.',
  '/',
  '//evil.example',
  '\\',
  '?',
  '#',
  '&',
  '=',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, not a template
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '2030-05-10',
  '2030-02-30',
  '2030-13-01',
  '0000-00-00',
  '9999-12-31',
  '275760-09-13',
  '2030-05-10T09:00',
  '2030-05-10T09:00:00Z',
  '2030-05-10T25:00',
  '10:00',
  '24:00',
  '10:60',
  '99:99',
  'Europe/Vilnius',
  'Mars/Olympus',
  'a@b',
  'ona@example.test',
  'ONA@EXAMPLE.TEST ',
  'http://127.0.0.1/',
  'https://bridge.example.test/path?x=1',
  'javascript:alert(1)',
  'LT',
  'lt',
  'xx',
  'EUR',
  'MP_PAIRS',
  'LT121000011101001000',
  'RF18539007547034',
  'a'.repeat(201),
  'é'.repeat(1001),
  '😀'.repeat(600),
  'a'.repeat(5001),
]

/** Numbers around every boundary the API is likely to check (ids are 32-bit, JSON numbers are doubles). */
export const nastyNumbers: ReadonlyArray<number> = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_VALUE,
]

const shortString = fc.oneof(
  { arbitrary: fc.string({ maxLength: 12 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }), weight: 1 },
)

/** Any string: short random ones (ASCII, any code point, graphemes), hostile ones, long ones. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: shortString, weight: 4 },
  { arbitrary: fc.constantFrom(...nastyStrings), weight: 4 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', ' ', '%'), fc.constantFrom(50, 255, 256, 1000, 20_000))
      .map(([unit, n]) => unit.repeat(n)),
    weight: 1,
  },
)

/** Any JSON value, small. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...nastyNumbers),
  anyString,
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
)

/** Object keys that are dangerous in JavaScript or look like privileges. */
export const nastyKeys = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    'id',
    'organiserId',
    'userId',
    'role',
    'isSuper',
    'status',
    'state',
    'paid',
  ),
  fc.string({ maxLength: 8 }),
)

/** An object with `entries` as own enumerable properties (so `__proto__` is a key, not the prototype). */
export const objectOf = (entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  return out
}

// ---------------------------------------------------------------------------------------------------------
// Schema-shaped values

/** Known good values for a field, by its name and where it is (e.g. the caller's own event id for `id`). */
export type Pools = (name: string) => ReadonlyArray<string | number>

export interface ShapeContext {
  readonly pools: Pools
  /** How often a node is replaced by junk: 1 in `junkOneIn`. */
  readonly junkOneIn: number
}

const isInteger = (types: ReadonlyArray<string>) => types.includes('integer')
const isNumeric = (types: ReadonlyArray<string>) => types.includes('number') || types.includes('integer')

/** The pool values for `name` that fit a field of `types`, converted (ids are numbers in JSON, strings in paths). */
const poolFor = (name: string, schema: JsonSchema, context: ShapeContext): ReadonlyArray<unknown> => {
  const values = context.pools(name)
  if (values.length === 0 || schema.enum) return []
  const types = typesOf(schema)
  if (types.includes('string')) return values.map(String)
  if (isNumeric(types)) return values.flatMap((v) => (typeof v === 'number' ? [v] : []))
  return []
}

const stringShaped = (schema: JsonSchema): fc.Arbitrary<string> => {
  const max = schema.maxLength
  const min = schema.minLength ?? 0
  const boundaries: Array<string> = []
  if (max !== undefined) boundaries.push('x'.repeat(max), 'é'.repeat(max), 'x'.repeat(max + 1))
  if (min > 0) boundaries.push('x'.repeat(min), 'x'.repeat(Math.max(0, min - 1)))
  return boundaries.length === 0
    ? anyString
    : fc.oneof({ arbitrary: anyString, weight: 6 }, { arbitrary: fc.constantFrom(...boundaries), weight: 1 })
}

const numberShaped = (schema: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const min = schema.minimum
  const max = schema.maximum
  const inRange = integer
    ? fc.integer({
        min: Math.max(min ?? -(2 ** 31), Number.MIN_SAFE_INTEGER),
        max: Math.min(max ?? 2 ** 31, Number.MAX_SAFE_INTEGER),
      })
    : fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
      })
  const edges = [...nastyNumbers]
  if (min !== undefined) edges.push(min, min - 1, min + 0.5)
  if (max !== undefined) edges.push(max, max + 1, max - 0.5)
  return fc.oneof({ arbitrary: inRange, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 2 })
}

/** The singular of an array field's name, for its items' pool (`tournamentIds` → `tournamentId`). */
const itemName = (name: string) => {
  const bare = name.replace(/\[\]$/, '')
  return bare.endsWith('s') ? bare.slice(0, -1) : bare
}

const arrayShaped = (schema: JsonSchema, name: string, context: ShapeContext): fc.Arbitrary<unknown> => {
  const item = shaped(schema.items ?? {}, itemName(name), context)
  const cap = schema.maxItems
  const normal = fc.array(item, { maxLength: Math.min(cap ?? 4, 4) })
  const sizes = [cap === undefined ? 200 : cap + 1, 1000]
  const huge = fc
    .tuple(item, fc.constantFrom(...sizes))
    .map(([value, n]) => Array.from({ length: n }, () => value))
  return fc.oneof({ arbitrary: normal, weight: 8 }, { arbitrary: huge, weight: 1 })
}

const objectShaped = (schema: JsonSchema, context: ShapeContext): fc.Arbitrary<unknown> => {
  const required = new Set(schema.required ?? [])
  const fields = Object.entries(schema.properties ?? {}).map(([key, property]) =>
    fc.option(
      shaped(property, key, context).map((value): readonly [string, unknown] => [key, value]),
      { nil: undefined, freq: required.has(key) ? 25 : 2 },
    ),
  )
  // One object in eight gets unknown properties too.
  const extra = fc.oneof(
    { arbitrary: fc.constant([]), weight: 7 },
    { arbitrary: fc.array(fc.tuple(nastyKeys, junkValue), { minLength: 1, maxLength: 3 }), weight: 1 },
  )
  return fc
    .tuple(fc.tuple(...fields), extra)
    .map(([entries, extras]) =>
      objectOf([...entries.flatMap((e) => (e === undefined ? [] : [e])), ...extras]),
    )
}

/** The value of a field of `schema` named `name`: shaped by the schema, a known good value, or junk. */
export const shaped = (schema: JsonSchema, name: string, context: ShapeContext): fc.Arbitrary<unknown> => {
  const pool = poolFor(name, schema, context)
  const candidates: Array<fc.WeightedArbitrary<unknown>> = [
    { arbitrary: shapedOnly(schema, name, context), weight: 10 },
  ]
  if (pool.length > 0) candidates.push({ arbitrary: fc.constantFrom(...pool), weight: 10 })
  candidates.push({ arbitrary: junkValue, weight: Math.max(1, Math.round(10 / context.junkOneIn)) })
  return fc.oneof(...candidates)
}

export const shapedOnly = (
  schema: JsonSchema,
  name: string,
  context: ShapeContext,
): fc.Arbitrary<unknown> => {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  if (schema.anyOf && schema.anyOf.length > 0)
    return fc.oneof(...schema.anyOf.map((branch) => shaped(branch, name, context)))
  const types = typesOf(schema)
  if (types.length === 0) return fc.jsonValue({ maxDepth: 3 })
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringShaped(schema)
        case 'integer':
          return numberShaped(schema, true)
        case 'number':
          return numberShaped(schema, isInteger(types))
        case 'boolean':
          return fc.boolean()
        case 'null':
          return fc.constant(null)
        case 'array':
          return arrayShaped(schema, name, context)
        case 'object':
          return objectShaped(schema, context)
        default:
          return junkValue
      }
    }),
  )
}

// ---------------------------------------------------------------------------------------------------------
// Mutations of a known valid value

type Path = ReadonlyArray<string | number>

const pathsOf = (value: unknown, at: Path = []): Array<Path> => {
  const here: Array<Path> = [at]
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) here.push(...pathsOf(item, [...at, i]))
  } else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) here.push(...pathsOf(item, [...at, key]))
  return here
}

/** The sub-schema at `path` (the first anyOf branch that has it), or {} when the schema does not say. */
const schemaAt = (schema: JsonSchema, path: Path): JsonSchema => {
  let current: JsonSchema = schema
  for (const step of path) {
    const branches = current.anyOf ?? [current]
    const next = branches
      .map((branch) => (typeof step === 'number' ? branch.items : branch.properties?.[step]))
      .find((s) => s !== undefined)
    if (!next) return {}
    current = next
  }
  return current
}

const replaceAt = (value: unknown, path: Path, replacement: { readonly value: unknown } | null): unknown => {
  const [step, ...rest] = path
  if (step === undefined) return replacement === null ? undefined : replacement.value
  if (Array.isArray(value) && typeof step === 'number') {
    const copy = [...value]
    if (rest.length === 0 && replacement === null) copy.splice(step, 1)
    else copy[step] = replaceAt(copy[step], rest, replacement)
    return copy
  }
  if (typeof value === 'object' && value !== null && typeof step === 'string') {
    const entries = Object.entries(value).flatMap(([key, item]): Array<readonly [string, unknown]> => {
      if (key !== step) return [[key, item]]
      if (rest.length === 0 && replacement === null) return []
      return [[key, replaceAt(item, rest, replacement)]]
    })
    return objectOf(entries)
  }
  return value
}

/** A valid value with one to three nodes replaced by schema-shaped or junk values, or removed. */
export const mutated = (valid: unknown, schema: JsonSchema, context: ShapeContext): fc.Arbitrary<unknown> => {
  const paths = pathsOf(valid)
  const one = fc.nat({ max: paths.length - 1 }).chain((index) => {
    const path = paths[index] ?? []
    const name = String(path.at(-1) ?? '')
    return fc.oneof(
      shaped(schemaAt(schema, path), name, context).map((v) => ({ path, replacement: { value: v } })),
      junkValue.map((v) => ({ path, replacement: { value: v } })),
      fc.constant({ path, replacement: null }),
    )
  })
  return fc.oneof(
    { arbitrary: fc.constant(valid), weight: 2 },
    {
      arbitrary: fc
        .array(one, { minLength: 1, maxLength: 3 })
        .map((changes) => changes.reduce((v, c) => replaceAt(v, c.path, c.replacement), valid)),
      weight: 5,
    },
  )
}
