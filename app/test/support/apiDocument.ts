import { ValidationRule } from '@kibitz/kernel'
import { Schema, SchemaAST } from 'effect'
import { HttpApi, OpenApi } from 'effect/http-api'
import { Api } from '../../src/api/Api.ts'

// The API's OpenAPI document (/api/v1/openapi.json, built from the same HttpApi definition) read beside the schemas
// the handlers decode with, for the document tests (api-shapes-document.test.ts, api-shapes-user-document.test.ts).

export type Json = { readonly [key: string]: unknown }

export const isObject = (u: unknown): u is Json => typeof u === 'object' && u !== null && !Array.isArray(u)

const JsonObject = Schema.Record(Schema.String, Schema.Unknown)
export const document = Schema.decodeUnknownSync(
  Schema.Struct({
    paths: Schema.Record(Schema.String, JsonObject),
    components: Schema.Struct({ schemas: Schema.Record(Schema.String, JsonObject) }),
  }),
)(OpenApi.fromApi(Api))

/** Follows `$ref`s into the document's components. */
export const resolved = (schema: Json): Json => {
  let s = schema
  while (typeof s.$ref === 'string') {
    const target = document.components.schemas[s.$ref.split('/').pop() ?? '']
    if (target === undefined) throw new Error(`unresolved ${s.$ref}`)
    s = target
  }
  return s
}

/** What the document states about one field: its enum (from `enum`, `allOf` or a union of them), pattern, format. */
export interface Stated {
  readonly enums: ReadonlyArray<ReadonlyArray<unknown>>
  readonly closed: boolean
  /** The pattern a text must match, when stated. */
  readonly pattern?: string
  /** A text's lengths, a list's, and a number's bounds, when stated. */
  readonly limits: {
    maxLength?: number
    minLength?: number
    maxItems?: number
    minimum?: number
    maximum?: number
    integer?: boolean
  }
}

/** Every field of a request schema by its path (`tickets[].type`), with what the document states about it. */
export const documentFields = (root: Json): ReadonlyMap<string, Stated> => {
  const fields = new Map<
    string,
    { enums: Array<ReadonlyArray<unknown>>; closed: boolean; pattern?: string; limits: Stated['limits'] }
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
      if (typeof part.pattern === 'string') at(path).pattern = part.pattern
      for (const key of ['maxLength', 'minLength', 'maxItems', 'minimum', 'maximum'] as const) {
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
export interface Checked {
  readonly literals: Array<ReadonlyArray<unknown>>
  closedInCode: boolean
}

export const checksOf = (ast: SchemaAST.AST): ReadonlyArray<SchemaAST.Check<unknown>> => {
  const flat = (check: SchemaAST.Check<unknown>): ReadonlyArray<SchemaAST.Check<unknown>> =>
    check._tag === 'FilterGroup' ? check.checks.flatMap(flat) : [check]
  return (ast.checks ?? []).flatMap(flat)
}

/** A check against a closed set: the rule unknownChoice, or a pattern (Schema.isPattern). */
const isClosedSet = (check: SchemaAST.Check<unknown>): boolean => {
  const representation = check.annotations?.representation
  return (
    check.annotations?.rule === ValidationRule.unknownChoice ||
    (isObject(representation) && representation.id === 'effect/schema/isPattern')
  )
}

/** Every field of the handler's schema by its path, with its literal sets and closed-set checks. */
export const schemaFields = (schema: Schema.Top): ReadonlyMap<string, Checked> => {
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
    if (checksOf(ast).some(isClosedSet)) at(path).closedInCode = true
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
export const jsonBodies = (() => {
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

/** `body` with the field at `path` (`tickets[].type`, the first item of each list) set to `value`; null if absent. */
export const withField = (
  body: unknown,
  path: string,
  value: unknown,
): { body: unknown; field: string } | null => {
  const steps = path
    .split('.')
    .filter((s) => s !== '')
    .flatMap((s) => (s.endsWith('[]') ? [s.slice(0, -2), 0] : [s]))
  const copy: unknown = structuredClone(body)
  let node: unknown = copy
  for (const step of steps.slice(0, -1)) {
    node = isObject(node) || Array.isArray(node) ? Reflect.get(node, step) : undefined
    if (node === undefined || node === null) return null
  }
  const last = steps.at(-1)
  if (last === undefined || !(isObject(node) || Array.isArray(node))) return null
  Reflect.set(node, last, value)
  return { body: copy, field: steps.join('.') }
}
