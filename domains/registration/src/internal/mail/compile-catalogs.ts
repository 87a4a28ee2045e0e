// Compiles the mail catalogues (locales/*/messages.po) into locales/*/messages.ts.
// Run through `npm run i18n:mail -w @kibitz/registration`, which extracts the messages first.
import { compileCatalogs } from './catalogs.ts'

for (const module of compileCatalogs()) console.log(`compiled ${module.pathname}`)
