import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Checks the Lingui PO catalogues: every message of the English source catalogue is translated in every
 * interface language, keeps its placeholders and JSX tags, and keeps ICU plurals complete for the language.
 */

const locales = ['ru', 'lt', 'pl', 'es', 'it', 'fr'] as const
type Locale = (typeof locales)[number]

/** Messages deliberately left equal to the English source: the word is the same in that language. */
const keptAsSource: Record<Locale, ReadonlyArray<string>> = {
  ru: [],
  lt: ['Patton'],
  pl: ['E-mail:', 'Medal', 'Menu', 'Online', 'Patton', 'Status', '−{0}%'],
  es: ['Board-a-match', 'Cookies', 'IMPs', 'Individual', 'Local', 'Patton'],
  it: ['Account', 'Board-a-match', 'E-mail:', 'Menu', 'Online', 'Patton', '−{0}%'],
  fr: [
    'Board-a-match',
    'Cookies',
    // French writes these three as English does (the gallery and the documents of issue 17).
    'Documents',
    'Images',
    'Photos',
    // The kind of one entry of the file manager (issue 17).
    'Document',
    'Image',
    'International',
    'Local',
    'Menu',
    'National',
    'Patton',
    '© Kibitz · version {version}',
  ],
}

/** CLDR plural categories a translation must spell out, beyond exact `=n` branches. */
const requiredPluralKeys: Record<Locale, ReadonlyArray<string>> = {
  ru: ['one', 'few', 'many', 'other'],
  lt: ['one', 'few', 'many', 'other'],
  pl: ['one', 'few', 'many', 'other'],
  es: ['one', 'other'],
  it: ['one', 'other'],
  fr: ['one', 'other'],
}

// ---------------------------------------------------------------------------------------------- PO

interface PoEntry {
  readonly context: string | undefined
  readonly msgid: string
  readonly msgstr: string
}

const unquote = (line: string): string => {
  const body = line.trim()
  if (!body.startsWith('"') || !body.endsWith('"') || body.length < 2) {
    throw new Error(`Not a PO string: ${line}`)
  }
  return body
    .slice(1, -1)
    .replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c as 'n' | 't' | 'r'] ?? c)
}

/** A small PO reader: comments, msgctxt, msgid, msgstr (or msgstr[0]) and "" continuation lines. */
const parsePo = (text: string): ReadonlyArray<PoEntry> => {
  const entries: PoEntry[] = []
  let context: string | undefined
  let msgid: string | undefined
  let msgstr: string | undefined
  let field: 'context' | 'msgid' | 'msgstr' | 'ignored' | undefined
  const flush = () => {
    if (msgid !== undefined) entries.push({ context, msgid, msgstr: msgstr ?? '' })
    context = undefined
    msgid = undefined
    msgstr = undefined
    field = undefined
  }
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '') {
      flush()
      continue
    }
    if (line.startsWith('#')) continue
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr\[(\d+)\]|msgstr)\s+(".*")$/.exec(line)
    if (keyword) {
      const [, key = '', index, value = '""'] = keyword
      if (key === 'msgctxt' || (key === 'msgid' && msgstr !== undefined)) flush()
      if (key === 'msgctxt') {
        context = unquote(value)
        field = 'context'
      } else if (key === 'msgid') {
        msgid = unquote(value)
        field = 'msgid'
      } else if (key === 'msgid_plural' || (index !== undefined && index !== '0')) {
        field = 'ignored'
      } else {
        msgstr = unquote(value)
        field = 'msgstr'
      }
      continue
    }
    if (line.startsWith('"')) {
      const value = unquote(line)
      if (field === 'context') context = (context ?? '') + value
      else if (field === 'msgid') msgid = (msgid ?? '') + value
      else if (field === 'msgstr') msgstr = (msgstr ?? '') + value
      else if (field === undefined) throw new Error(`Continuation line without a keyword: ${raw}`)
      continue
    }
    throw new Error(`Unexpected PO line: ${raw}`)
  }
  flush()
  return entries
}

const keyOf = (entry: PoEntry) =>
  entry.context === undefined ? entry.msgid : `${entry.context}\u0004${entry.msgid}`

const readCatalogue = (locale: string): ReadonlyMap<string, PoEntry> => {
  const text = readFileSync(new URL(`../src/locales/${locale}/messages.po`, import.meta.url), 'utf8')
  // The entry with an empty msgid is the PO header.
  return new Map(
    parsePo(text)
      .filter((e) => e.msgid !== '')
      .map((e) => [keyOf(e), e]),
  )
}

// --------------------------------------------------------------------------------------------- ICU

interface IcuArgument {
  readonly name: string
  readonly type: string | undefined
  readonly branches: ReadonlyMap<string, ReadonlyArray<IcuNode>>
}
type IcuNode = string | IcuArgument

const branchingTypes = new Set(['plural', 'selectordinal', 'select'])

/** Parses ICU MessageFormat far enough to see arguments and branches; throws on unbalanced braces. */
const parseIcu = (source: string): ReadonlyArray<IcuNode> => {
  let i = 0
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i} in ${JSON.stringify(source)}`)
  }
  const skipSpace = () => {
    while (i < source.length && /\s/.test(source[i] ?? '')) i++
  }
  const readWord = (stop: RegExp): string => {
    const start = i
    while (i < source.length && !stop.test(source[i] ?? '')) i++
    return source.slice(start, i)
  }

  const parseNodes = (nested: boolean, inPlural: boolean): IcuNode[] => {
    const nodes: IcuNode[] = []
    let text = ''
    while (i < source.length) {
      const c = source[i]
      if (c === "'") {
        const next = source[i + 1]
        if (next === "'") {
          text += "'"
          i += 2
        } else if (next === '{' || next === '}' || (next === '#' && inPlural)) {
          // Quoted literal text up to the next lone apostrophe.
          i++
          while (i < source.length) {
            if (source[i] === "'" && source[i + 1] === "'") {
              text += "'"
              i += 2
            } else if (source[i] === "'") {
              i++
              break
            } else {
              text += source[i]
              i++
            }
          }
        } else {
          text += c
          i++
        }
      } else if (c === '{') {
        if (text) nodes.push(text)
        text = ''
        i++
        nodes.push(parseArgument())
      } else if (c === '}') {
        if (!nested) fail('Unbalanced }')
        break
      } else {
        text += c
        i++
      }
    }
    if (nested && source[i] !== '}') fail('Unclosed {')
    if (text) nodes.push(text)
    return nodes
  }

  const parseArgument = (): IcuArgument => {
    skipSpace()
    const name = readWord(/[\s,{}]/)
    if (!name) fail('Argument without a name')
    skipSpace()
    if (source[i] === '}') {
      i++
      return { name, type: undefined, branches: new Map() }
    }
    if (source[i] !== ',') fail('Expected , or }')
    i++
    skipSpace()
    const type = readWord(/[\s,{}]/)
    skipSpace()
    if (source[i] === '}') {
      i++
      return { name, type, branches: new Map() }
    }
    if (source[i] !== ',') fail('Expected , or }')
    i++
    const branches = new Map<string, IcuNode[]>()
    if (branchingTypes.has(type)) {
      for (;;) {
        skipSpace()
        if (source[i] === '}') {
          i++
          break
        }
        const key = readWord(/[\s{}]/)
        if (!key) fail('Expected a branch key')
        if (key.startsWith('offset:')) continue
        skipSpace()
        if (source[i] !== '{') fail(`Expected { after ${key}`)
        i++
        if (branches.has(key)) fail(`Duplicate branch ${key}`)
        branches.set(key, parseNodes(true, type !== 'select'))
        i++
      }
      if (branches.size === 0) fail('No branches')
    } else {
      // A style such as `number, percent` or `date, ::yMMMd`: skip to the closing brace.
      let depth = 1
      while (i < source.length && depth > 0) {
        if (source[i] === '{') depth++
        if (source[i] === '}') depth--
        i++
      }
      if (depth > 0) fail('Unclosed argument style')
    }
    return { name, type, branches }
  }

  return parseNodes(false, false)
}

const argumentsOf = (nodes: ReadonlyArray<IcuNode>): IcuArgument[] =>
  nodes.flatMap((node) =>
    typeof node === 'string' ? [] : [node, ...[...node.branches.values()].flatMap(argumentsOf)],
  )

const argumentNames = (message: string) =>
  [...new Set(argumentsOf(parseIcu(message)).map((a) => a.name))].sort()

const argumentsOfType = (message: string, type: string) =>
  argumentsOf(parseIcu(message)).filter((a) => a.type === type)

/** Numbered JSX placeholders of Lingui's Trans: <0>, </0>, <1/>. */
const tagsOf = (message: string) =>
  [...message.matchAll(/<\/?\d+\s*\/?>/g)].map((m) => m[0].replace(/\s/g, '')).sort()

// ------------------------------------------------------------------------------------------- tests

const english = readCatalogue('en')

describe('English source catalogue', () => {
  it('has messages', () => {
    expect(english.size).toBeGreaterThan(0)
  })

  it('keeps msgstr equal to msgid or empty', () => {
    const odd = [...english.values()]
      .filter((e) => e.msgstr !== '' && e.msgstr !== e.msgid)
      .map((e) => e.msgid)
    expect(odd).toEqual([])
  })

  it('has valid ICU messages', () => {
    for (const entry of english.values()) expect(() => parseIcu(entry.msgid), entry.msgid).not.toThrow()
  })
})

describe.each(locales)('%s catalogue', (locale) => {
  const catalogue = readCatalogue(locale)
  const entries = [...english.values()].map((source) => ({ source, target: catalogue.get(keyOf(source)) }))
  const translated = entries.flatMap(({ source, target }) =>
    target && target.msgstr !== '' ? [{ msgid: source.msgid, msgstr: target.msgstr }] : [],
  )
  const cardinal = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories)
  const ordinal = new Set<string>(
    new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions().pluralCategories,
  )

  it('has every English message with a non-empty msgstr', () => {
    const missing = entries.filter(({ target }) => target === undefined).map(({ source }) => source.msgid)
    const empty = entries.filter(({ target }) => target?.msgstr === '').map(({ source }) => source.msgid)
    expect(missing, 'missing from the catalogue').toEqual([])
    expect(empty, 'without a translation').toEqual([])
  })

  it('has msgstr that parse as ICU messages', () => {
    for (const { msgstr } of translated) expect(() => parseIcu(msgstr), msgstr).not.toThrow()
  })

  it('keeps every placeholder and adds none', () => {
    for (const { msgid, msgstr } of translated) {
      expect(argumentNames(msgstr), `${locale}: ${msgid}`).toEqual(argumentNames(msgid))
    }
  })

  it('keeps every numbered JSX tag', () => {
    for (const { msgid, msgstr } of translated)
      expect(tagsOf(msgstr), `${locale}: ${msgid}`).toEqual(tagsOf(msgid))
  })

  it("spells out plurals with the language's CLDR categories", () => {
    for (const { msgid, msgstr } of translated) {
      const plurals = argumentsOfType(msgstr, 'plural')
      // A plural of the source stays a plural of the same argument, with its exact `=n` branches.
      for (const source of argumentsOfType(msgid, 'plural')) {
        const targets = plurals.filter((a) => a.name === source.name)
        expect(targets.length, `${locale}: ${msgid} must stay a plural of ${source.name}`).toBeGreaterThan(0)
        const exact = [...source.branches.keys()].filter((key) => key.startsWith('='))
        for (const target of targets)
          expect([...target.branches.keys()], msgstr).toEqual(expect.arrayContaining(exact))
      }
      // Every plural of the translation, even where English needs none, has the language's forms.
      for (const target of plurals) {
        const keys = [...target.branches.keys()]
        expect(keys, `${locale}: ${msgstr}`).toEqual(expect.arrayContaining([...requiredPluralKeys[locale]]))
        expect(
          keys.filter((key) => !key.startsWith('=') && !cardinal.has(key)),
          `${locale}: ${msgstr} has categories ${locale} does not use`,
        ).toEqual([])
      }
      for (const target of argumentsOfType(msgstr, 'selectordinal')) {
        const keys = [...target.branches.keys()]
        expect(keys, `${locale}: ${msgstr}`).toContain('other')
        expect(
          keys.filter((key) => !key.startsWith('=') && !ordinal.has(key)),
          `${locale}: ${msgstr} has ordinal categories ${locale} does not use`,
        ).toEqual([])
      }
    }
  })

  it('leaves only the allow-listed messages equal to English', () => {
    const same = translated.filter(({ msgid, msgstr }) => msgid === msgstr).map(({ msgid }) => msgid)
    const allowed = new Set(keptAsSource[locale])
    expect(
      same.filter((msgid) => !allowed.has(msgid)),
      `${locale}: untranslated copies of the English text`,
    ).toEqual([])
    expect(same.length).toBeLessThanOrEqual(keptAsSource[locale].length)
  })
})
