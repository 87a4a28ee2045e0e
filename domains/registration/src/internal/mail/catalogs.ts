import {
  compileMailCatalogs,
  mailCatalogFiles,
  catalogModuleSource as moduleSource,
} from '@kibitz/kernel/mail-catalogs'

// The registration domain's mail catalogues; reading, checking and compiling them is the kernel's
// (domains/kernel/src/mail/MailCatalogs.ts), shared with every domain that sends mail.

export {
  type CatalogProblem,
  catalogProblems,
  compileCatalog,
  readCatalog,
} from '@kibitz/kernel/mail-catalogs'

const folder = new URL('./', import.meta.url)

/** The workspace whose `i18n:mail` script regenerates these modules. */
export const packageName = '@kibitz/registration'

/** Where one language's catalogue (`messages.po`) and its compiled module (`messages.ts`) live. */
export const catalogFiles = (locale: string) => mailCatalogFiles(folder, locale)

/** The TypeScript module compiled from one language's .po catalogue. */
export const catalogModuleSource = (locale: string, po: string): string =>
  moduleSource(locale, po, packageName)

/** Compiles every language's catalogue into its module. */
export const compileCatalogs = () => compileMailCatalogs(folder, packageName)
