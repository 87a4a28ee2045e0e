import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core'

/** What a route's `head` sees of the matched routes: the root's loader data carries the language and catalogue. */
type HeadMatches = ReadonlyArray<{ readonly routeId: string; readonly loaderData?: unknown }>

interface RootData {
  readonly locale: string
  readonly messages: Messages
}

const isRootData = (data: unknown): data is RootData =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { locale?: unknown }).locale === 'string' &&
  typeof (data as { messages?: unknown }).messages === 'object'

// One Lingui instance per loaded catalogue, for `head` and for rendering alike: `head` runs on every navigation,
// the server renders a page for every request, and the catalogue changes only with a full page load (the language
// is a cookie, decision 007). An instance keeps the number and plural rules it has built, so a page no longer
// builds them again (issue 16); it holds nothing of a visitor's.
const instances = new WeakMap<Messages, I18n>()
const english = setupI18n({ locale: 'en', messages: { en: {} } })

/** The Lingui instance of a language's catalogue (the same one for every page that uses it). */
export const catalogueI18n = (locale: string, messages: Messages): I18n => {
  const known = instances.get(messages)
  if (known?.locale === locale) return known
  const i18n = setupI18n({ locale, messages: { [locale]: messages } })
  instances.set(messages, i18n)
  return i18n
}

/** The visitor's interface language for a route's `head` (English until the root has loaded its catalogue). */
export const headI18n = (matches: HeadMatches): I18n => {
  const root = matches.find((m) => m.routeId === '__root__')?.loaderData
  if (!isRootData(root)) return english
  return catalogueI18n(root.locale, root.messages)
}

/** The platform's name, which every tab title ends with (a name: not translated). */
export const siteName = 'Kibitz'

/** A part of a tab title: a message in the visitor's language, or content (an event's name keeps its own). */
export type TitlePart = MessageDescriptor | string

/** A tab title: its parts, most specific first, then the platform's name, each separated by a dash. */
export const pageTitle = (matches: HeadMatches, ...parts: ReadonlyArray<TitlePart>): string => {
  const i18n = headI18n(matches)
  return [...parts.map((part) => (typeof part === 'string' ? part : i18n._(part))), siteName]
    .filter((part) => part !== '')
    .join(' — ')
}

/** The `meta` of a page that search engines leave out: its translated title and `noindex`. */
export const privatePageMeta = (matches: HeadMatches, ...parts: ReadonlyArray<TitlePart>) => [
  { title: pageTitle(matches, ...parts) },
  { name: 'robots', content: 'noindex' },
]

/** The name of the event an organiser manages (its main content's), for the titles of its editor's steps. */
export const managedEventName = (matches: HeadMatches): string => {
  const data = matches.find((m) => m.routeId === '/event/manage/$eventId')?.loaderData as
    | {
        readonly event?: {
          readonly general?: { readonly contents?: ReadonlyArray<{ isMain: boolean; name: string }> }
        }
      }
    | undefined
  const contents = data?.event?.general?.contents ?? []
  return (contents.find((c) => c.isMain) ?? contents[0])?.name ?? ''
}

/** The name of the public event page's event, for the titles of its tabs. */
export const eventName = (matches: HeadMatches): string => {
  const data = matches.find((m) => m.routeId === '/event/$eventId')?.loaderData as
    | { readonly view?: { readonly card?: { readonly name?: string } } }
    | undefined
  return data?.view?.card?.name ?? ''
}
