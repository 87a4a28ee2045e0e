import { Result, Schema, type SchemaIssue, SchemaParser } from 'effect'
import { type RuleId, ValidationRule, ValidationRuleSchema } from './Validation.ts'

// Nested forms (an event's contents and locations, a tournament's tickets) need every problem at once with
// its full path ('contents.0.name'), not decodeForm's first rule per top-level field. Browser-safe.

/** One problem of a nested input: the dotted path of the field and the rule it breaks. */
export class FieldProblem extends Schema.Class<FieldProblem>('@kibitz/kernel/FieldProblem')({
  field: Schema.String,
  rule: ValidationRuleSchema,
}) {}

const isRuleId = Schema.is(ValidationRuleSchema)

/** Every field's first failing rule, keyed by its dotted path; an unruled issue (wrong type, missing) is 'required'. */
export const problemsOfIssue = (issue: SchemaIssue.Issue): ReadonlyArray<FieldProblem> => {
  const found = new Map<string, RuleId>()
  const note = (path: ReadonlyArray<PropertyKey>, id: RuleId) => {
    const field = path.map(String).join('.')
    if (!found.has(field)) found.set(field, id)
  }
  const visit = (node: SchemaIssue.Issue, path: ReadonlyArray<PropertyKey>): void => {
    switch (node._tag) {
      case 'Pointer':
        visit(node.issue, [...path, ...node.path])
        return
      case 'Composite':
        for (const inner of node.issues) visit(inner, path)
        return
      case 'AnyOf':
        // A value outside a literal set fails every member without saying more.
        if (node.issues.length === 0) note(path, ValidationRule.unknownChoice)
        for (const inner of node.issues) visit(inner, path)
        return
      case 'Encoding':
        visit(node.issue, path)
        return
      case 'Filter': {
        const id = node.filter.annotations?.rule
        if (isRuleId(id)) {
          // A struct-level check names its field as a Pointer inside the Filter issue.
          note(node.issue._tag === 'Pointer' ? [...path, ...node.issue.path] : path, id)
        } else visit(node.issue, path)
        return
      }
      case 'MissingKey': {
        const id = node.annotations?.rule
        note(path, isRuleId(id) ? id : ValidationRule.required)
        return
      }
      default:
        note(path, ValidationRule.required)
    }
  }
  visit(issue, [])
  return [...found].map(([field, rule]) => new FieldProblem({ field, rule }))
}

/** Decodes `input` with every problem reported at once, each with its dotted path. */
export const decodeWithProblems = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  input: unknown,
):
  | { readonly ok: true; readonly value: S['Type'] }
  | { readonly ok: false; readonly problems: ReadonlyArray<FieldProblem> } => {
  const result = SchemaParser.decodeUnknownResult(schema)(input, { errors: 'all' })
  return Result.isSuccess(result)
    ? { ok: true, value: result.success }
    : { ok: false, problems: problemsOfIssue(result.failure) }
}
