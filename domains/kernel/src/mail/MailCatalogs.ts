// Build-time only (the mail compile commands and their tests): reads, checks and compiles .po catalogs.
// Kept out of the kernel's main entry so the running app never loads the Lingui tooling.
import { readFileSync, writeFileSync } from 'node:fs'
import { parsePoFile } from '@lingui/format-po'
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { interfaceLocales } from '../Languages.ts'

// A domain's mail .po files are the source of truth, but the worker runs the mail modules in plain Node
// (type stripping: no bundler, no macros, no .po loader). So each catalogue is compiled into a committed
// TypeScript module that any runtime can import; each domain's mail tests fail when one is stale.
// Build-time and test helpers: only the compiled modules are loaded when a mail is rendered.

/** Where one language's catalogue (`messages.po`) and its compiled module (`messages.ts`) live under `folder`. */
export const mailCatalogFiles = (
  folder: URL,
  locale: string,
): { readonly po: URL; readonly module: URL } => ({
  po: new URL(`./locales/${locale}/messages.po`, folder),
  module: new URL(`./locales/${locale}/messages.ts`, folder),
})

/** A catalogue entry that cannot ship: untranslated, marked fuzzy, or not extracted by explicit id. */
export interface CatalogProblem {
  readonly id: string
  readonly problem: 'untranslated' | 'fuzzy' | 'generated id'
}

/** The live (non-obsolete) entries of a .po file as id → translation, in file order. */
export const readCatalog = (po: string): ReadonlyMap<string, string> =>
  new Map(
    parsePoFile(po)
      .items.filter((item) => !item.obsolete)
      .map((item) => [item.msgid, item.msgstr[0] ?? '']),
  )

/** Everything in a .po file that would make a mail show an id, English, or a stale text. */
export const catalogProblems = (po: string): ReadonlyArray<CatalogProblem> =>
  parsePoFile(po).items.flatMap((item): ReadonlyArray<CatalogProblem> => {
    if (item.obsolete) return []
    if (item.extractedComments.includes('js-lingui-generated-id'))
      return [{ id: item.msgid, problem: 'generated id' }]
    if (item.flags.fuzzy) return [{ id: item.msgid, problem: 'fuzzy' }]
    if ((item.msgstr[0] ?? '').trim() === '') return [{ id: item.msgid, problem: 'untranslated' }]
    return []
  })

/** Compiles a complete .po catalogue, sorted by id; throws on any problem or ICU syntax error. */
export const compileCatalog = (po: string): Record<string, CompiledMessage> => {
  const problems = catalogProblems(po)
  if (problems.length > 0) {
    throw new Error(`catalogue not ready: ${problems.map((p) => `${p.id} (${p.problem})`).join(', ')}`)
  }
  const entries = [...readCatalog(po)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return Object.fromEntries(
    entries.map(([id, translation]) => {
      try {
        return [id, compileMessageOrThrow(translation)]
      } catch (cause) {
        throw new Error(`cannot compile message ${id}`, { cause })
      }
    }),
  )
}

/**
 * The TypeScript module for a .po catalogue of the workspace `packageName` (named in the header, which
 * says how to regenerate it): a typed object literal, one message per line.
 */
export const catalogModuleSource = (locale: string, po: string, packageName: string): string => {
  const lines = Object.entries(compileCatalog(po)).map(
    ([id, message]) => `  ${JSON.stringify(id)}: ${JSON.stringify(message)},`,
  )
  return [
    `// biome-ignore-all format: generated from locales/${locale}/messages.po by compile-catalogs.ts; do not edit.`,
    `// Edit the .po file, then run \`npm run i18n:mail -w ${packageName}\`.`,
    "import type { Messages } from '@lingui/core'",
    '',
    'export const messages: Messages = {',
    ...lines,
    '}',
    '',
  ].join('\n')
}

/** Compiles every interface language's catalogue under `folder` into its module; returns the files written. */
export const compileMailCatalogs = (folder: URL, packageName: string): ReadonlyArray<URL> =>
  interfaceLocales.map((locale) => {
    const files = mailCatalogFiles(folder, locale)
    writeFileSync(files.module, catalogModuleSource(locale, readFileSync(files.po, 'utf8'), packageName))
    return files.module
  })
