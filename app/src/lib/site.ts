/** The platform operator's contact details, shown in the footer and on the not-found screen. */
export const siteContact = {
  email: 'hello@kibitz.events',
  phone: '+370 5 219 0000',
  postalAddress: ['Kibitz UAB', 'Gedimino pr. 9', 'LT-01103 Vilnius', 'Lithuania'],
} as const

/** An event's public page by alias (or id), written as plain anchors write it on pages without the router. */
export const eventPath = (aliasOrId: string): string => `/event/${encodeURIComponent(aliasOrId)}`

/** A tournament's address under its event: its register and player-list pages hang below it. */
export const tournamentPath = (eventAliasOrId: string, tournamentAliasOrId: string): string =>
  `${eventPath(eventAliasOrId)}/tournament/${encodeURIComponent(tournamentAliasOrId)}`

/** The platform's own social channels (spec section 3 social link types 1, 4, 5). */
export const siteSocial = [
  { type: 1, name: 'Facebook', url: 'https://www.facebook.com/kibitz.events' },
  { type: 4, name: 'Twitter', url: 'https://twitter.com/kibitzevents' },
  { type: 5, name: 'LinkedIn', url: 'https://www.linkedin.com/company/kibitz-events' },
] as const

/**
 * Where a tournament's stored file (rules, results) is read: an address as stored, or a bare object key of
 * the file store under /files/.
 */
export const storedFileHref = (stored: string): string =>
  /^(https?:\/\/|\/)/.test(stored) ? stored : `/files/${stored.split('/').map(encodeURIComponent).join('/')}`

/** The tournament's results: the uploaded file when that is its results source, else its results address. */
export const resultsHref = (t: {
  readonly resultsSource: number | null
  readonly resultsFile: string | null
  readonly resultsUrl: string | null
}): string | null =>
  t.resultsSource === 2 && t.resultsFile
    ? storedFileHref(t.resultsFile)
    : (t.resultsUrl ?? (t.resultsFile ? storedFileHref(t.resultsFile) : null))
