import fc from 'fast-check'
import {
  anyString,
  type JsonSchema,
  mutated,
  nastyKeys,
  type ShapeContext,
  shaped,
  shapedOnly,
} from './arbitraries.ts'

// Request bodies for the fuzz tests, from the values of arbitraries.ts: JSON documents shaped by a schema,
// mutated from valid ones or broken, form and multipart bodies, files and wrong content types.

export interface FilePart {
  readonly name: string
  readonly filename: string
  readonly type: string
  readonly bytes: Uint8Array
}
export type Part = { readonly name: string; readonly value: string } | FilePart

export type Body =
  | { readonly kind: 'none' }
  | { readonly kind: 'text'; readonly contentType: string | null; readonly text: string }
  | { readonly kind: 'bytes'; readonly contentType: string | null; readonly bytes: Uint8Array }
  /** A multipart/form-data body as a browser sends it (the boundary chosen by FormData). */
  | { readonly kind: 'form'; readonly parts: ReadonlyArray<Part> }

const jsonType = 'application/json'

const wrongContentTypes: ReadonlyArray<string | null> = [
  null,
  '',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'application/problem+json',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json, text/plain',
  ';;;',
  'application/octet-stream',
]

const malformedJson: ReadonlyArray<string> = [
  '{',
  '}',
  '{"a":',
  '[1,]',
  '{"a":1}}',
  '{"a":1,"a":2}',
  '\ufeff{}',
  'nul',
  '"unterminated',
  '{"a":1e999999}',
  '{"a":-}',
  '01',
  'NaN',
  'undefined',
  "{'a':1}",
  '{"\\ud800":1}',
  '"\\u0000"',
  '{"a":"\\x41"}',
  '['.repeat(3),
  '\u0000',
  ' ',
]

/** `n` levels of nested arrays or objects, as text (the test process never builds the value). */
const deepJson = fc
  .tuple(fc.constantFrom(100, 1000, 5000, 50_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  )

/** Very large documents, some just under and some over the API's 1 MB limit. */
const hugeJson = fc
  .tuple(fc.constantFrom(1000, 100_000, 600_000), fc.constantFrom('array', 'string', 'object'))
  .map(([n, shape]) => {
    if (shape === 'array') return `[${'1,'.repeat(n)}1]`
    if (shape === 'string') return JSON.stringify({ a: 'x'.repeat(n * 2) })
    return `{${Array.from({ length: Math.min(n, 50_000) }, (_, i) => `"k${i}":${i}`).join(',')}}`
  })

/** Bytes that are not UTF-8, not JSON, or both. */
const randomBytes = fc.oneof(
  fc.uint8Array({ maxLength: 256 }),
  fc.constant(new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00])),
  fc.constant(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])),
)

/** A body for a call that takes JSON of `schema`, or not at all (undefined). */
export const jsonBodies = (
  schema: JsonSchema | undefined,
  valid: ReadonlyArray<unknown>,
  context: ShapeContext,
): fc.Arbitrary<Body> => {
  const documents = shapedDocuments(schema, valid, context)
  const text =
    (contentType: string | null) =>
    (t: string): Body => ({ kind: 'text', contentType, text: t })
  const weighted: Array<fc.WeightedArbitrary<Body>> = [
    { arbitrary: documents.map((v) => text(jsonType)(JSON.stringify(v) ?? 'null')), weight: schema ? 14 : 2 },
    { arbitrary: fc.jsonValue().map((v) => text(jsonType)(JSON.stringify(v))), weight: 2 },
    { arbitrary: deepJson.map(text(jsonType)), weight: 1 },
    { arbitrary: hugeJson.map(text(jsonType)), weight: 1 },
    {
      arbitrary: fc
        .oneof(fc.constantFrom(...malformedJson), fc.string({ unit: 'binary', maxLength: 30 }))
        .map(text(jsonType)),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...wrongContentTypes), documents)
        .map(([type, v]): Body => ({ kind: 'text', contentType: type, text: JSON.stringify(v) ?? '' })),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom<Body>({ kind: 'none' }, { kind: 'text', contentType: jsonType, text: '' }),
      weight: 1,
    },
    {
      arbitrary: randomBytes.map((bytes): Body => ({ kind: 'bytes', contentType: jsonType, bytes })),
      weight: 1,
    },
    { arbitrary: formBodies(schema, context, []), weight: 1 },
  ]
  return fc.oneof(...weighted)
}

/** Documents shaped by `schema` (random or mutations of known valid ones); any JSON when there is none. */
const shapedDocuments = (
  schema: JsonSchema | undefined,
  valid: ReadonlyArray<unknown>,
  context: ShapeContext,
): fc.Arbitrary<unknown> => {
  if (!schema) return fc.jsonValue({ maxDepth: 3 })
  const random = shapedOnly(schema, '', context)
  if (valid.length === 0) return random
  return fc.oneof(
    { arbitrary: random, weight: 1 },
    { arbitrary: fc.oneof(...valid.map((v) => mutated(v, schema, context))), weight: 3 },
  )
}

/** File contents: real tiny pictures and PDFs (to get past the type check), broken ones and random bytes. */
export const fileBytes = (samples: ReadonlyArray<Uint8Array>): fc.Arbitrary<Uint8Array> =>
  fc.oneof(
    ...(samples.length > 0 ? [{ arbitrary: fc.constantFrom(...samples), weight: 3 }] : []),
    ...(samples.length > 0
      ? [
          {
            arbitrary: fc
              .tuple(fc.constantFrom(...samples), fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 16 }))
              .map(([sample, at, junk]) => {
                const cut = sample.slice(0, at % (sample.length + 1))
                const out = new Uint8Array(cut.length + junk.length)
                out.set(cut)
                out.set(junk, cut.length)
                return out
              }),
            weight: 2,
          },
        ]
      : []),
    { arbitrary: fc.uint8Array({ maxLength: 512 }), weight: 2 },
    { arbitrary: fc.constant(new Uint8Array()), weight: 1 },
    { arbitrary: fc.constant(new TextEncoder().encode('%PDF-1.4\n%%EOF')), weight: 1 },
    {
      arbitrary: fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      weight: 1,
    },
  )

const filenames = fc.oneof(
  fc.constantFrom(
    'a.png',
    'a.pdf',
    '',
    '../../etc/passwd',
    'a\u0000.png',
    'файл.pdf',
    '.htaccess',
    'a'.repeat(300),
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
)

const mimeTypes = fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', '', 'x/x')

/** A multipart body: the schema's fields (files for binary ones) with odd values, extra and repeated parts. */
export const formBodies = (
  schema: JsonSchema | undefined,
  context: ShapeContext,
  samples: ReadonlyArray<Uint8Array>,
): fc.Arbitrary<Body> => {
  const properties = Object.entries(schema?.properties ?? {})
  const required = new Set(schema?.required ?? [])
  const parts = properties.map(([name, property]) =>
    fc.option(
      property.format === 'binary'
        ? fc
            .tuple(fileBytes(samples), filenames, mimeTypes)
            .map(([bytes, filename, type]): Part => ({ name, filename, type, bytes }))
        : shaped({ ...property, type: 'string' }, name, context).map(
            (v): Part => ({ name, value: typeof v === 'string' ? v : (JSON.stringify(v) ?? '') }),
          ),
      { nil: undefined, freq: required.has(name) ? 20 : 3 },
    ),
  )
  const extras = fc.array(
    fc.oneof(
      fc
        .tuple(
          fc.oneof(nastyKeys, fc.constantFrom(...(properties.length ? properties.map(([n]) => n) : ['x']))),
          anyString,
        )
        .map(([name, value]): Part => ({ name, value })),
      fc
        .tuple(nastyKeys, fileBytes(samples), filenames, mimeTypes)
        .map(([name, bytes, filename, type]): Part => ({ name, filename, type, bytes })),
    ),
    { maxLength: 3 },
  )
  return fc.tuple(fc.tuple(...parts), extras).map(
    ([known, more]): Body => ({
      kind: 'form',
      parts: [...known.flatMap((p) => (p === undefined ? [] : [p])), ...more],
    }),
  )
}

/** Hand-made multipart text: truncated, unterminated, without names, with odd headers, or a boundary mismatch. */
export const brokenMultipart: fc.Arbitrary<Body> = fc
  .tuple(
    fc.constantFrom('BOUNDARY', 'x', '', '"quoted"', '-'.repeat(71), 'a b'),
    fc.constantFrom(
      (b: string) => `--${b}\r\nContent-Disposition: form-data; name="eventId"\r\n\r\n1\r\n--${b}--\r\n`,
      (b: string) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
      (b: string) => `--${b}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${b}--`,
      (b: string) => `--${b}\r\n\r\n\r\n--${b}--`,
      (b: string) =>
        `--${b}\r\nContent-Disposition: form-data; name="${'n'.repeat(20_000)}"\r\n\r\nv\r\n--${b}--`,
      (b: string) =>
        `--${b}\r\nContent-Disposition: form-data; name="eventId"\r\n\r\n${'1'.repeat(40_000)}\r\n--${b}--`,
      (b: string) =>
        `${`--${b}\r\nContent-Disposition: form-data; name="p"\r\n\r\nv\r\n`.repeat(40)}--${b}--`,
      (b: string) =>
        `--${b}\r\nContent-Type: text/plain\r\nContent-Disposition: form-data; name="kind"; filename*=UTF-8''%E2%82%AC\r\n\r\nresults\r\n--${b}--`,
      (_b: string) => '--other\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--other--',
      (_b: string) => '',
    ),
    fc.boolean(),
  )
  .map(
    ([boundary, build, declare]): Body => ({
      kind: 'text',
      contentType: declare ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
      text: build(boundary),
    }),
  )

/** A body for a multipart upload call. */
export const uploadBodies = (
  schema: JsonSchema | undefined,
  context: ShapeContext,
  samples: ReadonlyArray<Uint8Array>,
  valid: ReadonlyArray<Body> = [],
): fc.Arbitrary<Body> =>
  fc.oneof(
    ...(valid.length > 0 ? [{ arbitrary: fc.constantFrom(...valid), weight: 3 }] : []),
    { arbitrary: formBodies(schema, context, samples), weight: 10 },
    { arbitrary: brokenMultipart, weight: 3 },
    {
      arbitrary: randomBytes.map(
        (bytes): Body => ({ kind: 'bytes', contentType: 'multipart/form-data; boundary=x', bytes }),
      ),
      weight: 1,
    },
    { arbitrary: jsonBodies(schema, [], context), weight: 1 },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
  )

/** Characters a header value can carry (Latin-1 without controls but tab); others are dropped. */
export const headerSafe = (value: string): string =>
  [...value]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0
      return code === 9 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff)
    })
    .join('')
    .trim()
