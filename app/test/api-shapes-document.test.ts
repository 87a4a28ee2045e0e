import { decodeWithProblems } from '@kibitz/kernel'
import type { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { documentFields, jsonBodies, schemaFields, withField } from './support/apiDocument.ts'
import { generalInformationBody, tournamentBody } from './support/editorBodies.ts'

// The OpenAPI document (/api/v1/openapi.json, built from the same HttpApi definition) states what the API checks.
// For every JSON request body, the document's schema is walked beside the schema the handler decodes with (the
// endpoint's payload: the domain's own input schemas, which the handlers of raw bodies decode with too):
// - every field the schema checks against a literal set has an `enum` in the document with the same values;
// - every field checked against a closed set in code (rule unknownChoice, or a pattern) has an enum, a pattern or
//   a format;
// - every enum the document states is what the handler's schema accepts: each value passes at that field of a
//   valid body, and a value outside fails there; likewise every stated length and range (the limit passes, one
//   past it fails).

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
  // The event's and tournaments' bodies (the user API's are probed through the accounts domain's forms in
  // api-shapes-user-document.test.ts).
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
