import { decodeWithProblems, ValidationRule } from '@kibitz/kernel'
import { Schema, SchemaAST } from 'effect'
import { HttpApi, OpenApi } from 'effect/http-api'
import { describe, expect, it } from 'vitest'
import { Api } from '../src/api/Api.ts'
import { generalInformationBody, tournamentBody } from './support/editorBodies.ts'

// The OpenAPI document (/api/v1/openapi.json, built from the same HttpApi definition) states what the API checks.
// For every JSON request body, the document's schema is walked beside the schema the handler decodes with (the
// endpoint's payload: the domain's own input schemas, which the handlers of raw bodies decode with too):
// - every field the schema checks against a literal set has an `enum` in the document with the same values;
// - every field checked against a closed set in code (rule unknownChoice) has an enum, a pattern or a format;
// - every enum the document states is what the handler's schema accepts: each value passes at that field of a
//   valid body, and a value outside fails there; likewise every stated length and range (the limit passes, one
//   past it fails).

type Json = { readonly [key: string]: unknown }

const isObject = (u: unknown): u is Json => typeof u === 'object' && u !== null && !Array.isArray(u)

const JsonObject = Schema.Record(Schema.String, Schema.Unknown)
const document = Schema.decodeUnknownSync(
  Schema.Struct({
    paths: Schema.Record(Schema.String, JsonObject),
    components: Schema.Struct({ schemas: Schema.Record(Schema.String, JsonObject) }),
  }),
)(OpenApi.fromApi(Api))

/** Follows `$ref`s into the document's components. */
const resolved = (schema: Json): Json => {
  let s = schema
  while (typeof s.$ref === 'string') {
    const target = document.components.schemas[s.$ref.split('/').pop() ?? '']
    if (target === undefined) throw new Error(`unresolved ${s.$ref}`)
    s = target
  }
  return s
}

/** What the document states about one field: its enum (from `enum`, `allOf` or a union of them), pattern, format. */
interface Stated {
  readonly enums: ReadonlyArray<ReadonlyArray<unknown>>
  readonly closed: boolean
  /** A plain text's longest length and a number's bounds, when stated. */
  readonly limits: { maxLength?: number; minimum?: number; maximum?: number; integer?: boolean }
}

/** Every field of a request schema by its path (`tickets[].type`), with what the document states about it. */
const documentFields = (root: Json): ReadonlyMap<string, Stated> => {
  const fields = new Map<
    string,
    { enums: Array<ReadonlyArray<unknown>>; closed: boolean; limits: Stated['limits'] }
  >()
  const at = (path: string) => {
    let field = fields.get(path)
    if (field === undefined) {
      field = { enums: [], closed: false, limits: {} }
      fields.set(path, field)
    }
    return field
  }
  const walk = (raw: Json, path: string): void => {
    const s = resolved(raw)
    const parts = [s, ...(Array.isArray(s.allOf) ? s.allOf.filter(isObject) : [])]
    for (const part of parts) {
      if (Array.isArray(part.enum)) {
        // Effect states a non-finite number as a string member; that is the number's own encoding, not a set.
        const values = part.enum.filter((v) => !['Infinity', '-Infinity', 'NaN'].includes(String(v)))
        if (values.length > 0 && values.length === part.enum.length) at(path).enums.push(values)
      }
      if (typeof part.pattern === 'string' || typeof part.format === 'string') at(path).closed = true
      for (const key of ['maxLength', 'minimum', 'maximum'] as const) {
        const value = part[key]
        if (typeof value === 'number') at(path).limits[key] = value
      }
      if (part.type === 'integer') at(path).limits.integer = true
    }
    if (Array.isArray(s.anyOf)) for (const member of s.anyOf.filter(isObject)) walk(member, path)
    if (isObject(s.properties)) {
      for (const [key, value] of Object.entries(s.properties))
        if (isObject(value)) walk(value, `${path}.${key}`)
    }
    if (isObject(s.items)) walk(s.items, `${path}[]`)
  }
  walk(root, '')
  for (const field of fields.values()) if (field.enums.length > 0) field.closed = true
  return fields
}

/** What the handler's schema checks about one field: literal sets, and whether code checks a closed set. */
interface Checked {
  readonly literals: Array<ReadonlyArray<unknown>>
  closedInCode: boolean
}

const checksOf = (ast: SchemaAST.AST): ReadonlyArray<SchemaAST.Check<unknown>> => {
  const flat = (check: SchemaAST.Check<unknown>): ReadonlyArray<SchemaAST.Check<unknown>> =>
    check._tag === 'FilterGroup' ? check.checks.flatMap(flat) : [check]
  return (ast.checks ?? []).flatMap(flat)
}

/** Every field of the handler's schema by its path, with its literal sets and closed-set checks. */
const schemaFields = (schema: Schema.Top): ReadonlyMap<string, Checked> => {
  const fields = new Map<string, Checked>()
  const at = (path: string) => {
    let field = fields.get(path)
    if (field === undefined) {
      field = { literals: [], closedInCode: false }
      fields.set(path, field)
    }
    return field
  }
  const walk = (ast: SchemaAST.AST, path: string): void => {
    // A transformation checks its encoded side on the wire (the policy box takes true, 'on' or 'true').
    if (ast.encoding !== undefined) {
      walk(SchemaAST.toEncoded(ast), path)
      return
    }
    if (checksOf(ast).some((c) => c.annotations?.rule === ValidationRule.unknownChoice))
      at(path).closedInCode = true
    switch (ast._tag) {
      case 'Literal':
        at(path).literals.push([ast.literal])
        return
      case 'Union': {
        const members = ast.types.filter((t) => t._tag !== 'Null' && t._tag !== 'Undefined')
        const nonFinite = members.every((t) => t._tag === 'Literal' && typeof t.literal === 'string')
        // A number's own encoding states non-finite numbers as strings; that is no literal set of the API's.
        if (nonFinite && members.some((t) => t._tag === 'Literal' && t.literal === 'NaN')) return
        if (members.length > 0 && members.every((t) => t._tag === 'Literal'))
          at(path).literals.push(members.map((t) => (t._tag === 'Literal' ? t.literal : undefined)))
        else for (const member of members) walk(member, path)
        return
      }
      case 'Objects':
        for (const property of ast.propertySignatures) walk(property.type, `${path}.${String(property.name)}`)
        return
      case 'Arrays':
        for (const item of [...ast.elements, ...ast.rest]) walk(item, `${path}[]`)
        return
      default:
        return
    }
  }
  walk(schema.ast, '')
  return fields
}

/** The JSON request bodies of the API: operation, path, method, the handler's schema and the document's. */
const jsonBodies = (() => {
  const bodies: Array<{ id: string; schema: Schema.Top; documented: Json }> = []
  HttpApi.reflect(Api, {
    onGroup: () => {},
    onEndpoint: ({ group, endpoint }) => {
      // Only bodies the document states as JSON: the uploads are multipart streams, read by their handlers.
      const schemas = [...endpoint.payload.values()].flatMap((entry) => entry.schemas)
      if (schemas.length === 0) return
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}')
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()]
      const requestBody = isObject(operation) ? operation.requestBody : undefined
      const content = isObject(requestBody) ? requestBody.content : undefined
      const json = isObject(content) ? content['application/json'] : undefined
      if (!isObject(json) || !isObject(json.schema)) return
      for (const schema of schemas)
        bodies.push({
          id: `${group.identifier}.${endpoint.identifier}`,
          schema,
          documented: json.schema,
        })
    },
  })
  return bodies
})()

/**
 * Fields checked against a closed set that no JSON Schema keyword can state, and what the document says instead.
 * The event's time zone is any IANA zone the database knows (described in words).
 */
const statedInWords = new Set(['.generalInformation.timeZone'])

describe('the OpenAPI document states what the API checks', () => {
  it('finds the JSON request bodies of the API', () => {
    expect(jsonBodies.map((b) => b.id)).toEqual(
      expect.arrayContaining([
        'eventEditor.create',
        'eventEditor.update',
        'eventWrites.createTournament',
        'eventWrites.updateTournament',
        'eventWrites.saveProgram',
        'registration.register',
        'user.changeProfile',
      ]),
    )
  })

  it.each(jsonBodies)('$id: every literal set the schema checks is an enum of the same values', (body) => {
    const stated = documentFields(body.documented)
    const missing: Array<string> = []
    for (const [path, checked] of schemaFields(body.schema)) {
      const enums = stated.get(path)?.enums ?? []
      for (const literals of checked.literals) {
        const same = enums.some(
          (values) => values.length === literals.length && literals.every((v) => values.includes(v)),
        )
        if (!same) missing.push(`${path}: ${JSON.stringify(literals)} (document: ${JSON.stringify(enums)})`)
      }
    }
    expect(missing).toEqual([])
  })

  it.each(jsonBodies)('$id: every field checked against a closed set states it', (body) => {
    const stated = documentFields(body.documented)
    const unstated = [...schemaFields(body.schema)]
      .filter(([path, checked]) => checked.closedInCode && !statedInWords.has(path))
      .filter(([path]) => !(stated.get(path)?.closed ?? false))
      .map(([path]) => path)
    expect(unstated).toEqual([])
  })

  it('pointsScoreType is stated as its seven values', () => {
    const tournament = jsonBodies.find((b) => b.id === 'eventWrites.createTournament')
    if (tournament === undefined) throw new Error('no tournament body')
    expect(documentFields(tournament.documented).get('.pointsScoreType')?.enums).toEqual([
      ['VP', 'IMP', 'BAM', 'PATTON', 'OTHER', 'MP_PAIRS', 'MP_TEAMS'],
    ])
  })
})

// ---------------------------------------------------------------------------------------------------------
// The enums are what the handlers accept: probed on valid bodies.

const tournament = tournamentBody({
  resultsSource: 1,
  sessions: [{ startDate: '2030-05-10', type: 1 }],
  stages: [{ name: 'Final', type: 1 }],
  prizes: [{ placeNumber: 1, prizeAmountMinor: 1000, type: 1 }],
})
const general = generalInformationBody()
const additional = { isYouth: false, fbCommentsEnabled: false, showNativeName: false }

const validBodies: Readonly<Record<string, unknown>> = {
  'eventEditor.create': { generalInformation: general, additionalInformation: additional },
  'eventEditor.update': { generalInformation: general, additionalInformation: additional },
  'eventWrites.createTournament': tournament,
  'eventWrites.updateTournament': tournament,
  'registration.register': {
    data: {
      contestants: [
        {
          firstName: 'Ona',
          lastName: 'Jonaitė',
          countryCode: 'LT',
          email: 'ona@example.test',
          federationId: '',
          ticketId: 1,
          ageCategoryId: null,
        },
      ],
      teamName: '',
      contactEmail: 'ona@example.test',
    },
    ticket: { expectedTotalMinor: 4000, paymentMethod: 'bankTransfer' },
    policy: true,
  },
}

/** A payload schema as the decoder it is (the API's payloads decode without services). */
const decoderOf = (schema: Schema.Top) => schema as unknown as Schema.ConstraintDecoder<unknown>

/** `body` with the field at `path` (`tickets[].type`, the first item of each list) set to `value`; null if absent. */
const withField = (body: unknown, path: string, value: unknown): { body: unknown; field: string } | null => {
  const steps = path
    .split('.')
    .filter((s) => s !== '')
    .flatMap((s) => (s.endsWith('[]') ? [s.slice(0, -2), 0] : [s]))
  const copy: unknown = structuredClone(body)
  let node: unknown = copy
  for (const step of steps.slice(0, -1)) {
    node =
      isObject(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[step] : undefined
    if (node === undefined || node === null) return null
  }
  const last = steps.at(-1)
  if (last === undefined || !(isObject(node) || Array.isArray(node))) return null
  ;(node as Record<string | number, unknown>)[last] = value
  return { body: copy, field: steps.join('.') }
}

describe('every enum the document states is the set the handler accepts', () => {
  const probed = jsonBodies.filter((b) => b.id in validBodies)

  it.each(probed)('$id', (body) => {
    const valid = validBodies[body.id]
    expect(decodeWithProblems(decoderOf(body.schema), valid)).toMatchObject({ ok: true })
    const wrong: Array<string> = []
    let probes = 0
    for (const [path, stated] of documentFields(body.documented)) {
      for (const values of stated.enums) {
        const outside = typeof values[0] === 'number' ? 987_654 : 'NOT_ONE_OF_THEM'
        for (const value of [...values, outside]) {
          const changed = withField(valid, path, value)
          if (changed === null) continue
          probes++
          const decoded = decodeWithProblems(decoderOf(body.schema), changed.body)
          const refused = !decoded.ok && decoded.problems.some((p) => p.field === changed.field)
          if (refused !== (value === outside)) wrong.push(`${path} = ${JSON.stringify(value)}`)
        }
      }
    }
    expect(wrong).toEqual([])
    expect(probes).toBeGreaterThan(2)
  })

  it.each(probed)('$id: every stated length and range is where the handler draws the line', (body) => {
    const valid = validBodies[body.id]
    const wrong: Array<string> = []
    let probes = 0
    const probe = (path: string, value: unknown, accepted: boolean) => {
      const changed = withField(valid, path, value)
      if (changed === null) return
      probes++
      const decoded = decodeWithProblems(decoderOf(body.schema), changed.body)
      const refused = !decoded.ok && decoded.problems.some((p) => p.field === changed.field)
      if (refused === accepted) wrong.push(`${path} = ${JSON.stringify(value).slice(0, 40)} (${accepted})`)
    }
    for (const [path, stated] of documentFields(body.documented)) {
      const { maxLength, minimum, maximum } = stated.limits
      // A plain text's limit (fields with a pattern or format have their own shape).
      if (maxLength !== undefined && !stated.closed && maxLength < 100_000) {
        probe(path, 'a'.repeat(maxLength), true)
        probe(path, 'a'.repeat(maxLength + 1), false)
      }
      const step = stated.limits.integer ? 1 : 0.5
      if (minimum !== undefined && Math.abs(minimum) < 2 ** 40) {
        probe(path, minimum, true)
        probe(path, minimum - step, false)
      }
      if (maximum !== undefined && Math.abs(maximum) < 2 ** 40) {
        probe(path, maximum, true)
        probe(path, maximum + step, false)
      }
    }
    expect(wrong).toEqual([])
    expect(probes).toBeGreaterThan(2)
  })
})

describe('web addresses', () => {
  // The event's and tournaments' bodies (the user API's bodies are loose text that the accounts domain checks).
  const addresses = jsonBodies
    .filter((body) => /^(eventEditor|eventWrites)\./.test(body.id))
    .flatMap((body) =>
      [...documentFields(body.documented)]
        .filter(([path]) => /Url$/.test(path))
        .map(([path, stated]) => ({ id: body.id, path, stated, body })),
    )

  it('every web address field states its form and length, and the handler draws the line there', () => {
    expect(addresses.length).toBeGreaterThan(3)
    const wrong: Array<string> = []
    for (const { id, path, stated, body } of addresses) {
      if (!stated.closed || stated.limits.maxLength !== 500) wrong.push(`${id} ${path}: not stated`)
      const valid = validBodies[body.id]
      if (valid === undefined) continue
      const host = 'https://example.org/'
      for (const [length, accepted] of [
        [500, true],
        [501, false],
      ] as const) {
        const changed = withField(valid, path, host + 'a'.repeat(length - host.length))
        if (changed === null) continue
        const decoded = decodeWithProblems(decoderOf(body.schema), changed.body)
        const refused = !decoded.ok && decoded.problems.some((p) => p.field === changed.field)
        if (refused === accepted)
          wrong.push(`${id} ${path}: ${length} characters ${accepted ? 'refused' : 'accepted'}`)
      }
    }
    expect(wrong).toEqual([])
  })
})
