import * as accounts from '@kibitz/accounts'
import * as accountForms from '@kibitz/accounts/forms'
import * as events from '@kibitz/events'
import * as eventInput from '@kibitz/events/input'
import { AdditionalInformationInput, GeneralInformationInput } from '@kibitz/events/input'
import { decodeWithProblems, ValidationRule, WebsiteUrl } from '@kibitz/kernel'
import * as registrationInput from '@kibitz/registration/input'
import * as tournaments from '@kibitz/tournaments'
import * as tournamentInput from '@kibitz/tournaments/input'
import { TournamentInput } from '@kibitz/tournaments/input'
import { Schema, type SchemaAST } from 'effect'
import { describe, expect, it } from 'vitest'

// SSRF: the server never fetches an address a user typed (docs/decisions/024), and every field that holds one is
// a WebsiteUrl, which refuses internal and private hosts so that no page links a visitor into a private network
// either. This suite finds every such field in the domains' input schemas, fails when one is not listed here, and
// proves each listed field refuses internal addresses with the url rule, whatever else the input holds.

const internalAddresses = [
  'http://127.0.0.1:5432/',
  'http://localhost/admin',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]/',
  'http://[::ffff:10.0.0.1]/',
  'http://10.1.2.3/',
  'http://192.168.0.1/',
  'http://2130706433/',
  'http://metadata.google.internal/',
  'https://user:secret@example.com/',
]

const urlChecks = new Set(WebsiteUrl.ast.checks ?? [])
const isUrlString = (ast: SchemaAST.AST) =>
  ast._tag === 'String' && (ast.checks ?? []).some((check) => urlChecks.has(check))

/** The paths (property names and `[]` for array items) of every WebsiteUrl inside `ast`. */
const urlPaths = (ast: SchemaAST.AST, path: ReadonlyArray<string> = [], seen = new Set<SchemaAST.AST>()) => {
  const found: Array<ReadonlyArray<string>> = []
  const walk = (node: SchemaAST.AST, at: ReadonlyArray<string>) => {
    if (seen.has(node)) return
    seen.add(node)
    if (isUrlString(node)) found.push(at)
    switch (node._tag) {
      case 'Objects':
        for (const p of node.propertySignatures) walk(p.type, [...at, String(p.name)])
        break
      case 'Arrays':
        for (const e of [...node.elements, ...node.rest]) walk(e, [...at, '[]'])
        break
      case 'Union':
        for (const t of node.types) walk(t, at)
        break
      case 'Suspend':
        walk(node.thunk(), at)
        break
      case 'Declaration':
        for (const t of node.typeParameters) walk(t, at)
        break
    }
    if (node.encoding) for (const link of node.encoding) walk(link.to, at)
    seen.delete(node)
  }
  walk(ast, path)
  return found
}

const isSchema = (value: unknown): value is Schema.Top =>
  Schema.isSchema(value) && value.ast !== WebsiteUrl.ast

/** Every exported schema of the modules the edges decode user input with, by its export name. */
const modules: Record<string, Record<string, unknown>> = {
  accounts,
  accountForms,
  events,
  eventInput,
  registrationInput,
  tournaments,
  tournamentInput,
}

const foundFields = () => {
  const fields = new Set<string>()
  for (const [moduleName, exports] of Object.entries(modules))
    for (const [name, value] of Object.entries(exports)) {
      const schemas = isSchema(value)
        ? [value]
        : typeof value === 'object' && value !== null
          ? Object.values(value).filter(isSchema)
          : []
      for (const schema of schemas)
        for (const path of urlPaths(schema.ast)) fields.add(`${moduleName}.${name}:${path.join('.')}`)
    }
  return fields
}

/** An input with `value` at `path` (array items as one-element arrays), as a client would send it. */
const inputWith = (path: ReadonlyArray<string>, value: unknown): unknown => {
  const [head, ...rest] = path
  if (head === undefined) return value
  if (head === '[]') return [inputWith(rest, value)]
  return { [head]: inputWith(rest, value) }
}

/** The input schemas with URL fields, each with its URL fields' paths. */
const roots: ReadonlyArray<
  readonly [string, Schema.ConstraintDecoder<unknown>, ReadonlyArray<ReadonlyArray<string>>]
> = [
  ['the event locations', GeneralInformationInput, [['locations', '[]', 'externalUrl']]],
  ['the event', AdditionalInformationInput, [['externalPageUrl'], ['liveResultsUrl']]],
  ['a tournament', TournamentInput, [['resultsUrl'], ['playerListUrl'], ['stages', '[]', 'resultsUrl']]],
  ['a company organiser application', accounts.CompanyApplication, [['websiteUrl']]],
  ['an individual organiser application', accounts.IndividualApplication, [['websiteUrl']]],
  ['the organiser website change', accounts.profileChangeForms[12], [['websiteUrl']]],
]

describe('URL fields', () => {
  it('are all listed here, so each is proven below', () => {
    // A field is listed when a listed path and its path end alike: the same input nested in a view or a bigger
    // input (the editor's view holds the general information), or a part of a listed input (one location).
    const listed = roots.flatMap(([, , paths]) => paths.map((p) => p.join('.')))
    const endsAlike = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`)
    const found = [...foundFields()]
    expect(found.length).toBeGreaterThanOrEqual(listed.length)
    expect(
      found.filter((field) => !listed.some((path) => endsAlike(field.split(':')[1] ?? '', path))),
    ).toEqual([])
  })

  for (const [name, schema, paths] of roots)
    for (const path of paths)
      it(`${name}: ${path.join('.')} refuses every internal or private address with the url rule`, () => {
        expect(urlPaths(schema.ast).map((p) => p.join('.'))).toContain(path.join('.'))
        const leaf = path[path.length - 1] ?? ''
        for (const address of internalAddresses) {
          const decoded = decodeWithProblems(schema, inputWith(path, address))
          expect(decoded.ok).toBe(false)
          const problems = decoded.ok ? [] : decoded.problems
          expect(problems.filter((p) => p.field.endsWith(leaf)).map((p) => p.rule)).toContain(
            ValidationRule.url,
          )
        }
        // A public address passes the field (other fields of the input may still be missing).
        const fine = decodeWithProblems(schema, inputWith(path, 'https://bridge.example.org/results'))
        expect(fine.ok ? [] : fine.problems.filter((p) => p.field.endsWith(leaf))).toEqual([])
      })
})
