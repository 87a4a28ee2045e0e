// Compiles the mail catalogues (locales/*/messages.po) into locales/*/messages.ts.
// Run through `npm run i18n:mail -w @kibitz/accounts`, which extracts the messages first.
import { readFileSync, writeFileSync } from 'node:fs'
import { interfaceLocales } from '@kibitz/kernel'
import { catalogFiles, catalogModuleSource } from './catalogs.ts'

for (const locale of interfaceLocales) {
  const files = catalogFiles(locale)
  writeFileSync(files.module, catalogModuleSource(locale, readFileSync(files.po, 'utf8')))
  console.log(`compiled ${files.module.pathname}`)
}
