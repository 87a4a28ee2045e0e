import {
  CompanyApplication,
  ForgotInput,
  IndividualApplication,
  LoginInput,
  ProfileChangeKind,
  profileChangeForms,
  ResetInput,
  SignUpInput,
} from '@kibitz/accounts'
import { decodeForm, decodeWithProblems, type FormSchema } from '@kibitz/kernel'
import type { Schema } from 'effect'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ConnectSocialPayload,
  DisconnectSocialPayload,
  FacebookLoginPayload,
  ForgotPayload,
  GoogleLoginPayload,
  LoginPayload,
  OrganiserApplicationPayload,
  ProfileChangePayload,
  RegisterPayload,
  ResetPayload,
  VkLoginPayload,
} from '../src/api/UserApi.ts'
import {
  document,
  documentFields,
  isObject,
  type Json,
  resolved,
  type Stated,
  schemaFields,
  withField,
} from './support/apiDocument.ts'

// The user API decodes its bodies as loose JSON and leaves the form rules of spec section 5 to the accounts domain
// (so a broken rule is answered with its rule id), while the OpenAPI document states the domain's limits. Here
// each body's document is walked beside the domain's form for it, and every statement is probed on a valid body:
// a value is accepted when the API's payload schema and the domain's form both take it. So a limit changed in the
// domain and not in the document (or the other way round) fails here:
// - the document names the form's fields, states each literal set of the form as an enum, each closed set as an
//   enum or a pattern;
// - a stated length, count or range is where the line is drawn: a value at it is accepted, every one past it refused;
// - a stated pattern, with the stated lengths, accepts exactly what the API and the domain accept.

/** One form of a user API body: where the body is, its valid example, and the domain's form of its fields. */
interface UserForm {
  readonly name: string
  readonly path: string
  readonly method: 'post' | 'put'
  /** Whether the API's payload schema takes the body. */
  readonly decodes: (body: unknown) => boolean
  /** Where the form's fields are in the body ('' or '.user'). */
  readonly at: string
  /** The `kind` of the body's union member, when the body is one of several forms. */
  readonly kind?: string | number
  readonly form: FormSchema & Schema.Top
  readonly valid: Json
}

const decodes =
  <S extends Schema.ConstraintDecoder<unknown>>(payload: S) =>
  (body: unknown) =>
    decodeWithProblems(payload, body).ok

const password = 'Bridge!2026'
const website = 'https://example.org/'

const forms: ReadonlyArray<UserForm> = [
  {
    name: 'register',
    path: '/api/v1/user/register',
    method: 'post',
    decodes: decodes(RegisterPayload),
    at: '.user',
    form: SignUpInput,
    valid: {
      user: { email: 'ona@example.test', password, firstName: 'Ona', lastName: 'Jonaitė', acceptRules: true },
    },
  },
  {
    name: 'login',
    path: '/api/v1/user/login',
    method: 'post',
    decodes: decodes(LoginPayload),
    at: '',
    form: LoginInput,
    valid: { email: 'ona@example.test', password },
  },
  {
    name: 'forgot',
    path: '/api/v1/user/forgot',
    method: 'post',
    decodes: decodes(ForgotPayload),
    at: '',
    form: ForgotInput,
    valid: { email: 'ona@example.test' },
  },
  {
    name: 'reset',
    path: '/api/v1/user/reset/{token}',
    method: 'post',
    decodes: decodes(ResetPayload),
    at: '',
    form: ResetInput,
    valid: { password },
  },
  ...[
    {
      kind: 'company',
      form: CompanyApplication,
      fields: { companyName: 'Bridge Club', companyCode: '123456', vatNumber: 'LT123' },
    },
    { kind: 'individual', form: IndividualApplication, fields: { firstName: 'Ona', lastName: 'Jonaitė' } },
  ].map(({ kind, form, fields }) => ({
    name: `register-organizer ${kind}`,
    path: '/api/v1/user/register-organizer',
    method: 'post' as const,
    decodes: decodes(OrganiserApplicationPayload),
    at: '.user',
    kind,
    form,
    valid: { user: { kind, ...fields, countryCode: 'LT', phone: '+37060000001', websiteUrl: website } },
  })),
  ...(
    [
      [ProfileChangeKind.password, { currentPassword: password, newPassword: 'New!Pass2026' }],
      [ProfileChangeKind.phone, { phone: '+37060000001' }],
      [ProfileChangeKind.description, { description: 'Plays on Tuesdays' }],
      [ProfileChangeKind.languages, { languages: ['en', 'lt'] }],
      [ProfileChangeKind.currency, { currencyId: 1 }],
      [ProfileChangeKind.idInfo, { idProvider: 1, idNumber: 'AB123' }],
      [ProfileChangeKind.email, { email: 'new@example.test', currentPassword: password }],
      [ProfileChangeKind.companyName, { companyName: 'Bridge Club' }],
      [ProfileChangeKind.companyCode, { companyCode: '123456' }],
      [ProfileChangeKind.country, { countryCode: 'LT' }],
      [ProfileChangeKind.vatNumber, { vatNumber: 'LT123' }],
      [ProfileChangeKind.website, { websiteUrl: website }],
      [ProfileChangeKind.organiserFirstName, { firstName: 'Ona' }],
      [ProfileChangeKind.organiserLastName, { lastName: 'Jonaitė' }],
    ] as const
  ).map(([kind, fields]) => ({
    name: `profile kind ${kind}`,
    path: '/api/v1/user/profile',
    method: 'put' as const,
    decodes: decodes(ProfileChangePayload),
    at: '',
    kind,
    form: profileChangeForms[kind],
    valid: { kind, ...fields },
  })),
]

/** The object at a dotted path of the body (the first item of a list). */
const objectAt = (body: unknown, at: string): unknown =>
  at
    .split('.')
    .filter((step) => step !== '')
    .reduce<unknown>((node, step) => (isObject(node) ? node[step] : undefined), body)

/** The document's schema of the form's fields: the body's schema at `at`, the member of `kind` when a union. */
const documented = (form: Pick<UserForm, 'name' | 'path' | 'method' | 'at' | 'kind'>): Json => {
  const operation = document.paths[form.path]?.[form.method]
  const content =
    isObject(operation) && isObject(operation.requestBody) ? operation.requestBody.content : null
  const json = isObject(content) ? content['application/json'] : null
  let schema = isObject(json) && isObject(json.schema) ? resolved(json.schema) : {}
  for (const step of form.at.split('.').filter((s) => s !== '')) {
    const properties = isObject(schema.properties) ? schema.properties[step] : undefined
    schema = isObject(properties) ? resolved(properties) : {}
  }
  if (form.kind === undefined) return schema
  const members = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isObject).map(resolved) : []
  const member = members.find((m) => {
    const kind = isObject(m.properties) ? m.properties.kind : undefined
    return isObject(kind) && Array.isArray(kind.enum) && kind.enum.includes(form.kind)
  })
  if (member === undefined) throw new Error(`${form.name}: no member of kind ${String(form.kind)}`)
  return member
}

/** Whether the API takes `body`: its payload schema, then the domain's form (the fields at `at`, without `kind`). */
const accepted = (form: UserForm, body: unknown): boolean => {
  if (!form.decodes(body)) return false
  const fields = objectAt(body, form.at)
  const { kind: _kind, ...input } = isObject(fields) ? fields : {}
  return decodeForm(form.form, input).ok
}

const characters = (text: string) => Array.from(text).length

/** Whether a text is valid by the document alone: its pattern and its lengths. */
const statedValid = (stated: Stated, text: string): boolean =>
  (stated.pattern === undefined || new RegExp(stated.pattern, 'u').test(text)) &&
  characters(text) >= (stated.limits.minLength ?? 0) &&
  characters(text) <= (stated.limits.maxLength ?? Number.POSITIVE_INFINITY)

/** Texts of `n` characters built from the field's valid example; a patterned field is also padded with spaces. */
const textsOf = (sample: string, n: number, patterned: boolean): ReadonlyArray<string> => {
  const pad = n - characters(sample)
  return [
    'a'.repeat(n),
    ...(pad >= 0 ? ['a'.repeat(pad) + sample, sample + 'a'.repeat(pad)] : []),
    ...(pad >= 0 && patterned ? [sample + ' '.repeat(pad)] : []),
  ].filter((text) => characters(text) === n)
}

/** Every field of the form as the document states it, by its path in the body. */
const statedFields = (form: UserForm) =>
  [...documentFields(documented(form))].map(([path, stated]) => ({ path: `${form.at}${path}`, stated }))

describe('the user API’s document states the accounts domain’s forms', () => {
  it.each(forms)('$name: names the form’s fields, its literal sets and its closed sets', (form) => {
    const schema = documented(form)
    const named = Object.keys(isObject(schema.properties) ? schema.properties : {}).filter(
      (key) => key !== 'kind',
    )
    expect(named.sort()).toEqual(Object.keys(form.form.fields).sort())
    const stated = documentFields(schema)
    const unstated: Array<string> = []
    for (const [path, checked] of schemaFields(form.form)) {
      const enums = stated.get(path)?.enums ?? []
      for (const literals of checked.literals)
        if (
          !enums.some(
            (values) => values.length === literals.length && literals.every((v) => values.includes(v)),
          )
        )
          unstated.push(`${path}: ${JSON.stringify(literals)}`)
      if (checked.closedInCode && !(stated.get(path)?.closed ?? false)) unstated.push(`${path}: closed set`)
    }
    expect(unstated).toEqual([])
  })

  it.each(forms)('$name: every stated length, count, range and enum is where the line is drawn', (form) => {
    expect(accepted(form, form.valid)).toBe(true)
    const wrong: Array<string> = []
    let probes = 0
    /** At least one of `values` is accepted, or (past the line) none is. */
    const probe = (path: string, values: ReadonlyArray<unknown>, anyAccepted: boolean) => {
      const results = values.flatMap((value) => {
        const changed = withField(form.valid, path, value)
        return changed === null ? [] : [accepted(form, changed.body)]
      })
      if (results.length === 0) return
      probes++
      if (results.some((r) => r) !== anyAccepted)
        wrong.push(`${path}: ${JSON.stringify(values).slice(0, 60)}`)
    }
    for (const { path, stated } of statedFields(form)) {
      const sample = objectAt(form.valid, path.replace(/\[\]$/, '.0').replace(/\[\]\./g, '.0.'))
      const { maxLength, minLength, maxItems, minimum, maximum } = stated.limits
      if (typeof sample === 'string') {
        const patterned = stated.pattern !== undefined
        // A patterned field's texts of the length are probed if the pattern takes one (a country code is two).
        const fitting = (n: number) =>
          textsOf(sample, n, patterned).filter((t) => !patterned || statedValid(stated, t))
        if (maxLength !== undefined) {
          if (fitting(maxLength).length > 0) probe(path, fitting(maxLength), true)
          probe(path, textsOf(sample, maxLength + 1, patterned), false)
        }
        if (minLength !== undefined && minLength > 0) {
          probe(path, fitting(minLength), true)
          probe(path, textsOf(sample, minLength - 1, patterned), false)
        }
      }
      if (Array.isArray(sample) && maxItems !== undefined) {
        probe(path, [Array.from({ length: maxItems }, () => sample[0])], true)
        probe(path, [Array.from({ length: maxItems + 1 }, () => sample[0])], false)
      }
      const step = stated.limits.integer ? 1 : 0.5
      for (const [bound, outside] of [
        [minimum, -step],
        [maximum, step],
      ] as const) {
        if (bound === undefined) continue
        probe(path, [bound], true)
        probe(path, [bound + outside], false)
      }
      for (const values of stated.enums) {
        for (const value of values) probe(path, [value], true)
        probe(path, [typeof values[0] === 'number' ? 987_654 : 'NOT_ONE_OF_THEM'], false)
      }
    }
    expect(wrong).toEqual([])
    expect(probes).toBeGreaterThan(0)
  })

  it.each(forms)('$name: every stated pattern accepts exactly what the API and the domain accept', (form) => {
    for (const { path, stated } of statedFields(form)) {
      const sample = objectAt(form.valid, path)
      if (stated.pattern === undefined || typeof sample !== 'string') continue
      const alphabet = [
        ...new Set([...Array.from(sample), ' ', 'a', 'Z', '0', '+', '-', '.', '@', '(', 'é', 'ж']),
      ]
      const texts = fc.oneof(
        fc.array(fc.constantFrom(...alphabet), { maxLength: 16 }).map((chars) => chars.join('')),
        fc
          .tuple(fc.constantFrom(...alphabet), fc.nat(4))
          .map(([c, at]) => sample.slice(0, at) + c + sample.slice(at)),
      )
      fc.assert(
        fc.property(texts, (text) => {
          const changed = withField(form.valid, path, text)
          return changed !== null && accepted(form, changed.body) === statedValid(stated, text)
        }),
        { numRuns: 300 },
      )
    }
  })

  it('states the limits of spec section 5 and the accounts domain', () => {
    const fieldsOf = (name: string) => {
      const form = forms.find((f) => f.name === name)
      if (form === undefined) throw new Error(name)
      return new Map(statedFields(form).map(({ path, stated }) => [path, stated]))
    }
    expect(fieldsOf('register').get('.user.email')).toMatchObject({ limits: { maxLength: 254 } })
    expect(fieldsOf('register').get('.user.password')).toMatchObject({
      limits: { minLength: 8, maxLength: 128 },
    })
    expect(fieldsOf('register-organizer company').get('.user.websiteUrl')).toMatchObject({
      closed: true,
      limits: { maxLength: 500 },
    })
    expect(fieldsOf('profile kind 3').get('.description')?.limits.maxLength).toBe(250)
    expect(fieldsOf('profile kind 4').get('.languages')?.limits.maxItems).toBe(10)
    expect(fieldsOf('profile kind 6').get('.idProvider')?.enums).toEqual([[1]])
    expect(fieldsOf('profile kind 10').get('.countryCode')?.pattern).toBe('^[A-Z]{2}$')
  })
})

describe('the user bodies the API alone checks state where it draws the line', () => {
  const bodies = [
    {
      name: 'login-vk',
      path: '/api/v1/user/login-vk',
      decodes: decodes(VkLoginPayload),
      valid: {
        code: 'c',
        redirectUri: 'https://kibitz.example/',
        codeVerifier: 'v',
        deviceId: 'd',
        state: 's',
      },
    },
    {
      name: 'login-fb',
      path: '/api/v1/user/login-fb',
      decodes: decodes(FacebookLoginPayload),
      valid: { fbData: { accessToken: 'token' }, acceptRules: true },
    },
    {
      name: 'login-google',
      path: '/api/v1/user/login-google',
      decodes: decodes(GoogleLoginPayload),
      valid: { authToken: 'token' },
    },
    {
      name: 'connect-social',
      path: '/api/v1/user/connect-social',
      decodes: decodes(ConnectSocialPayload),
      valid: { token: 'token', provider: 2 },
    },
    {
      name: 'disconnect-social',
      path: '/api/v1/user/disconnect-social',
      decodes: decodes(DisconnectSocialPayload),
      valid: { provider: 2 },
    },
  ]

  it.each(bodies)('$name', (body) => {
    expect(body.decodes(body.valid)).toBe(true)
    const wrong: Array<string> = []
    const probe = (path: string, value: unknown, accepted: boolean) => {
      const changed = withField(body.valid, path, value)
      if (changed === null) wrong.push(`${path}: not in the valid body`)
      else if (body.decodes(changed.body) !== accepted) wrong.push(`${path}: ${String(value).slice(0, 20)}`)
    }
    const stated = [...documentFields(documented({ ...body, method: 'post', at: '' }))]
    for (const [path, { limits, enums }] of stated) {
      if (limits.maxLength !== undefined) {
        probe(path, 'a'.repeat(limits.maxLength), true)
        probe(path, 'a'.repeat(limits.maxLength + 1), false)
      }
      for (const values of enums) {
        for (const value of values) probe(path, value, true)
        probe(path, 987_654, false)
      }
    }
    expect(wrong).toEqual([])
    expect(stated.length).toBeGreaterThan(0)
  })
})

describe('the profile’s write and read', () => {
  it('PUT v1/user/profile answers the schema GET v1/user/profile-data answers', () => {
    const answer = (path: string, method: string) => {
      const operation = document.paths[path]?.[method]
      const responses = isObject(operation) && isObject(operation.responses) ? operation.responses : {}
      const ok = responses['200']
      const content = isObject(ok) && isObject(ok.content) ? ok.content['application/json'] : undefined
      return isObject(content) ? content.schema : undefined
    }
    const read = answer('/api/v1/user/profile-data', 'get')
    expect(read).toEqual({ $ref: expect.stringContaining('UserProfile') })
    expect(answer('/api/v1/user/profile', 'put')).toEqual(read)
  })
})

describe('the user API’s parameters state what they check', () => {
  it('the e-mailed link’s token, the decision and the account in use', () => {
    const parameters = (path: string, method: string) => {
      const operation = document.paths[path]?.[method]
      const list = isObject(operation) && Array.isArray(operation.parameters) ? operation.parameters : []
      return new Map(
        list.filter(isObject).map((p) => [String(p.name), isObject(p.schema) ? resolved(p.schema) : {}]),
      )
    }
    const token = parameters('/api/v1/user/reset/{token}', 'post').get('token')
    expect(token).toMatchObject({ maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' })
    expect(parameters('/api/v1/user/organizer/{token}/{status}', 'get').get('status')).toMatchObject({
      enum: ['2', '3'],
    })
    expect(parameters('/api/v1/user/profile-data', 'get').get('x-is-organizer')).toMatchObject({
      enum: ['true', 'false'],
    })
  })
})
