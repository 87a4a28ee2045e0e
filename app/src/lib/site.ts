/** The platform operator's contact details, shown in the footer and on the not-found screen. */
export const siteContact = {
  email: 'hello@kibitz.events',
  phone: '+370 5 219 0000',
  postalAddress: ['Kibitz UAB', 'Gedimino pr. 9', 'LT-01103 Vilnius', 'Lithuania'],
} as const

/** The platform's own social channels (spec section 3 social link types 1, 4, 5). */
export const siteSocial = [
  { type: 1, name: 'Facebook', url: 'https://www.facebook.com/kibitz.events' },
  { type: 4, name: 'Twitter', url: 'https://twitter.com/kibitzevents' },
  { type: 5, name: 'LinkedIn', url: 'https://www.linkedin.com/company/kibitz-events' },
] as const
