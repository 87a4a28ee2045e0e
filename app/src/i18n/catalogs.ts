import type { InterfaceLocale } from '@kibitz/kernel'
import type { Messages } from '@lingui/core'

/** Loads one interface language's compiled catalogue; only that language ships to the browser. */
export const loadMessages = async (locale: InterfaceLocale): Promise<Messages> => {
  switch (locale) {
    case 'ru':
      return (await import('../locales/ru/messages.po')).messages
    case 'lt':
      return (await import('../locales/lt/messages.po')).messages
    case 'pl':
      return (await import('../locales/pl/messages.po')).messages
    case 'es':
      return (await import('../locales/es/messages.po')).messages
    case 'it':
      return (await import('../locales/it/messages.po')).messages
    case 'fr':
      return (await import('../locales/fr/messages.po')).messages
    default:
      return (await import('../locales/en/messages.po')).messages
  }
}

/** Names of the interface languages in their own language, for the language menu. */
export const localeNames: Record<InterfaceLocale, string> = {
  en: 'English',
  ru: 'Русский',
  lt: 'Lietuvių',
  pl: 'Polski',
  es: 'Español',
  it: 'Italiano',
  fr: 'Français',
}
