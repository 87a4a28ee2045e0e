import { type I18n, type Messages, setupI18n } from '@lingui/core'
import type { InterfaceLocale } from '../Languages.ts'

/**
 * The Lingui instance for each language of a domain's compiled mail `catalogs`, made on first use. One
 * instance per language, never re-activated: rendering stays a pure function even when mails in different
 * languages are rendered concurrently, and the app's global `i18n` is untouched.
 */
export const mailTranslator = (
  catalogs: Readonly<Record<InterfaceLocale, Messages>>,
): ((locale: InterfaceLocale) => I18n) => {
  const instances = new Map<InterfaceLocale, I18n>()
  return (locale) => {
    const existing = instances.get(locale)
    if (existing) return existing
    const created = setupI18n({ locale, messages: { [locale]: catalogs[locale] } })
    instances.set(locale, created)
    return created
  }
}
