import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

// The registration domain's e-mail texts: a catalogue of their own, separate from the app's, because the
// worker renders them in plain Node where neither macros nor .po imports exist (see mail/catalogs.ts).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ru', 'lt', 'pl', 'es', 'it', 'fr'],
  fallbackLocales: { default: 'en' },
  orderBy: 'messageId',
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/internal/mail/locales/{locale}/messages',
      include: ['<rootDir>/src/internal/mail'],
      exclude: ['**/locales/**'],
    },
  ],
})
