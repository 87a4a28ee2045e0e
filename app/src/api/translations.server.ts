import { defaultLocale, type InterfaceLocale } from '@kibitz/kernel'
import { type MessageDescriptor, type Messages, setupI18n } from '@lingui/core'
import { Context, Effect, Layer } from 'effect'

// Names the API answers in the client's language come from the app's Lingui catalogue, the one the pages use.
// Each language has its own Lingui instance, never re-activated, so concurrent requests in different languages
// cannot mix, and the pages' instance is untouched.

/** Reads one interface language's compiled catalogue (the app's `loadMessages` in the web build). */
export type CatalogueLoader = (locale: InterfaceLocale) => Promise<Messages>

/** Turns a message descriptor into the text of one language. */
export type Translate = (message: MessageDescriptor) => string

/** English is the source language: a descriptor carries its English text, so no catalogue is read for it. */
const inSourceLanguage: Translate = (message) => message.message ?? message.id

/** The translation of each interface language, for names in API replies. */
export class ApiTranslations extends Context.Service<
  ApiTranslations,
  {
    /** The translation into `locale`, its catalogue read on first use. */
    readonly translate: (locale: InterfaceLocale) => Effect.Effect<Translate>
  }
>()('@kibitz/app/ApiTranslations') {
  /** Reads each language's catalogue with `load` once; a failed read is a defect and is tried again next time. */
  static readonly layer = (load: CatalogueLoader) =>
    Layer.sync(ApiTranslations, () => {
      const loaded = new Map<InterfaceLocale, Promise<Translate>>()
      const translationInto = (locale: InterfaceLocale): Promise<Translate> => {
        const existing = loaded.get(locale)
        if (existing) return existing
        const loading = load(locale).then((messages): Translate => {
          const i18n = setupI18n({ locale, messages: { [locale]: messages } })
          return (message) => i18n._(message)
        })
        loaded.set(locale, loading)
        loading.catch(() => loaded.delete(locale))
        return loading
      }
      return ApiTranslations.of({
        translate: (locale) =>
          locale === defaultLocale
            ? Effect.succeed(inSourceLanguage)
            : Effect.promise(() => translationInto(locale)),
      })
    })
}
