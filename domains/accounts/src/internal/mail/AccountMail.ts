import {
  type InterfaceLocale,
  isWebLink,
  type MailContent,
  type MailDetail,
  mailAction,
  mailParam,
  mailTranslator,
  type RenderedMail,
  renderMail,
  resolveInterfaceLocale,
  singleLine,
} from '@kibitz/kernel'
import type { I18n, Messages } from '@lingui/core'
import { messages as en } from './locales/en/messages.ts'
import { messages as es } from './locales/es/messages.ts'
import { messages as fr } from './locales/fr/messages.ts'
import { messages as it } from './locales/it/messages.ts'
import { messages as lt } from './locales/lt/messages.ts'
import { messages as pl } from './locales/pl/messages.ts'
import { messages as ru } from './locales/ru/messages.ts'

/** Every e-mail the accounts domain sends, with the data it shows; all strings come from users. */
export type AccountMail =
  | { kind: 'activation'; firstName: string; link: string }
  | { kind: 'passwordReset'; firstName: string; link: string; validHours: number }
  | {
      kind: 'organiserApplication'
      applicantName: string
      applicantEmail: string
      organiserKind: 'individual' | 'company'
      organiserName: string
      country: string | null
      phone: string | null
      website: string | null
      acceptLink: string
      declineLink: string
    }
  | { kind: 'organiserAccepted'; firstName: string; link: string }
  | { kind: 'organiserDeclined'; firstName: string }
  | { kind: 'emailChanged'; firstName: string; newEmail: string }
  | { kind: 'emailConfirm'; firstName: string; newEmail: string; link: string; validHours: number }

const catalogs: Record<InterfaceLocale, Messages> = { en, ru, lt, pl, es, it, fr }

const i18nFor = mailTranslator(catalogs)

// The layout and its escaping are the kernel's, shared with the other domains' mails.
const param = mailParam
const action = mailAction

const greeting = (i18n: I18n, firstName: string): string =>
  singleLine(firstName) === ''
    ? i18n._({ id: 'mail.common.greetingGeneric', message: 'Hello,' })
    : i18n._({
        id: 'mail.common.greeting',
        message: 'Hello {firstName},',
        values: { firstName: param(firstName) },
      })

const common = (i18n: I18n) => ({
  copyLinkHint: i18n._({
    id: 'mail.common.copyLink',
    message: 'Button not working? Copy the link into your browser:',
  }),
  signature: i18n._({ id: 'mail.common.signature', message: 'The Kibitz team' }),
  ignore: i18n._({ id: 'mail.common.ignore', message: 'If this was not you, please ignore this e-mail.' }),
})

type Content = Omit<MailContent, 'locale' | 'copyLinkHint' | 'signature'>
type Mail<K extends AccountMail['kind']> = Extract<AccountMail, { kind: K }>

const activation = (i18n: I18n, mail: Mail<'activation'>): Content => ({
  subject: i18n._({ id: 'mail.activation.subject', message: 'Activate your Kibitz account' }),
  heading: i18n._({ id: 'mail.activation.heading', message: 'Welcome to Kibitz' }),
  greeting: greeting(i18n, mail.firstName),
  paragraphs: [
    i18n._({
      id: 'mail.activation.body',
      message: 'Thank you for signing up. Please confirm your e-mail address to activate your account.',
    }),
  ],
  details: [],
  actions: [
    action(i18n._({ id: 'mail.activation.action', message: 'Activate my account' }), mail.link, 'primary'),
  ],
  footer: [
    i18n._({
      id: 'mail.activation.reason',
      message: 'You received this e-mail because someone signed up on Kibitz with this address.',
    }),
    common(i18n).ignore,
  ],
})

const passwordReset = (i18n: I18n, mail: Mail<'passwordReset'>): Content => ({
  subject: i18n._({ id: 'mail.passwordReset.subject', message: 'Reset your Kibitz password' }),
  heading: i18n._({ id: 'mail.passwordReset.heading', message: 'Reset your password' }),
  greeting: greeting(i18n, mail.firstName),
  paragraphs: [
    i18n._({
      id: 'mail.passwordReset.body',
      message:
        'We received a request to reset the password of your Kibitz account. The link is valid for {validHours, plural, one {# hour} other {# hours}}.',
      values: { validHours: mail.validHours },
    }),
  ],
  details: [],
  actions: [
    action(
      i18n._({ id: 'mail.passwordReset.action', message: 'Choose a new password' }),
      mail.link,
      'primary',
    ),
  ],
  footer: [
    i18n._({
      id: 'mail.passwordReset.reason',
      message:
        'You received this e-mail because someone asked to reset the password for this address on Kibitz.',
    }),
    common(i18n).ignore,
  ],
})

const organiserApplication = (i18n: I18n, mail: Mail<'organiserApplication'>): Content => {
  const notGiven = i18n._({ id: 'mail.organiserApplication.notGiven', message: 'not given' })
  const optional = (value: string | null): string => {
    const line = value === null ? '' : singleLine(value)
    return line === '' ? notGiven : line
  }
  const website = optional(mail.website)
  const detail = (label: string, value: string, href: string | null = null): MailDetail => ({
    label,
    value,
    href,
  })
  return {
    subject: i18n._({
      id: 'mail.organiserApplication.subject',
      message: 'New organiser application: {organiserName}',
      values: { organiserName: param(mail.organiserName) },
    }),
    heading: i18n._({ id: 'mail.organiserApplication.heading', message: 'New organiser application' }),
    greeting: i18n._({ id: 'mail.common.greetingGeneric', message: 'Hello,' }),
    paragraphs: [
      i18n._({
        id: 'mail.organiserApplication.body',
        message:
          '{applicantName} has applied to organise events on Kibitz. Please review the details below and accept or decline the application.',
        values: { applicantName: param(mail.applicantName) },
      }),
    ],
    details: [
      detail(
        i18n._({ id: 'mail.organiserApplication.applicant', message: 'Applicant' }),
        singleLine(mail.applicantName),
      ),
      detail(
        i18n._({ id: 'mail.organiserApplication.email', message: 'E-mail' }),
        singleLine(mail.applicantEmail),
      ),
      detail(
        i18n._({ id: 'mail.organiserApplication.organiserKind', message: 'Organiser type' }),
        mail.organiserKind === 'company'
          ? i18n._({ id: 'mail.organiserApplication.company', message: 'Company' })
          : i18n._({ id: 'mail.organiserApplication.individual', message: 'Individual' }),
      ),
      detail(
        i18n._({ id: 'mail.organiserApplication.organiserName', message: 'Organiser name' }),
        singleLine(mail.organiserName),
      ),
      detail(i18n._({ id: 'mail.organiserApplication.country', message: 'Country' }), optional(mail.country)),
      detail(i18n._({ id: 'mail.organiserApplication.phone', message: 'Phone' }), optional(mail.phone)),
      // The applicant typed the website: it becomes a link only when it is a plain http(s) URL.
      detail(
        i18n._({ id: 'mail.organiserApplication.website', message: 'Website' }),
        website,
        isWebLink(website) ? website : null,
      ),
    ],
    actions: [
      action(
        i18n._({ id: 'mail.organiserApplication.accept', message: 'Accept' }),
        mail.acceptLink,
        'primary',
      ),
      action(
        i18n._({ id: 'mail.organiserApplication.decline', message: 'Decline' }),
        mail.declineLink,
        'secondary',
      ),
    ],
    footer: [
      i18n._({
        id: 'mail.organiserApplication.reason',
        message: 'You received this e-mail because this address belongs to a Kibitz administrator.',
      }),
      common(i18n).ignore,
    ],
  }
}

const organiserDecisionReason = (i18n: I18n): string =>
  i18n._({
    id: 'mail.organiserDecision.reason',
    message: 'You received this e-mail because you applied to organise events on Kibitz.',
  })

const organiserAccepted = (i18n: I18n, mail: Mail<'organiserAccepted'>): Content => ({
  subject: i18n._({
    id: 'mail.organiserAccepted.subject',
    message: 'Your organiser application was accepted',
  }),
  heading: i18n._({ id: 'mail.organiserAccepted.heading', message: 'You can now organise events' }),
  greeting: greeting(i18n, mail.firstName),
  paragraphs: [
    i18n._({
      id: 'mail.organiserAccepted.body',
      message:
        'Good news: your application to organise events on Kibitz has been accepted. You can now create and publish your events.',
    }),
  ],
  details: [],
  actions: [
    action(
      i18n._({ id: 'mail.organiserAccepted.action', message: 'Start organising' }),
      mail.link,
      'primary',
    ),
  ],
  footer: [organiserDecisionReason(i18n), common(i18n).ignore],
})

const organiserDeclined = (i18n: I18n, mail: Mail<'organiserDeclined'>): Content => ({
  subject: i18n._({ id: 'mail.organiserDeclined.subject', message: 'Your organiser application on Kibitz' }),
  heading: i18n._({ id: 'mail.organiserDeclined.heading', message: 'Your application was not accepted' }),
  greeting: greeting(i18n, mail.firstName),
  paragraphs: [
    i18n._({
      id: 'mail.organiserDeclined.body',
      message:
        'Thank you for your interest in organising events on Kibitz. Unfortunately, we cannot accept your application at this time. You can of course keep using Kibitz to find events and register for them.',
    }),
  ],
  details: [],
  actions: [],
  footer: [organiserDecisionReason(i18n), common(i18n).ignore],
})

const emailChanged = (i18n: I18n, mail: Mail<'emailChanged'>): Content => ({
  subject: i18n._({ id: 'mail.emailChanged.subject', message: 'Your Kibitz e-mail address was changed' }),
  heading: i18n._({ id: 'mail.emailChanged.heading', message: 'Your e-mail address was changed' }),
  greeting: greeting(i18n, mail.firstName),
  paragraphs: [
    i18n._({
      id: 'mail.emailChanged.body',
      message:
        'The e-mail address of your Kibitz account was changed to {newEmail} after the change was confirmed from that address. From now on, you sign in with the new address, and we will no longer write to this one.',
      values: { newEmail: param(mail.newEmail) },
    }),
  ],
  details: [],
  actions: [],
  // Not "ignore it": a change nobody asked for means someone else controls the account.
  footer: [
    i18n._({
      id: 'mail.emailChanged.reason',
      message: 'You received this e-mail because this was the address of your Kibitz account.',
    }),
    i18n._({
      id: 'mail.emailChanged.notYou',
      message: 'If you did not make this change, contact the Kibitz team right away.',
    }),
  ],
})

// Sent to the address the user wants to switch to: the change happens only once it is confirmed
// from there, so a stranger who receives it by mistake can safely ignore it.
const emailConfirm = (i18n: I18n, mail: Mail<'emailConfirm'>): Content => ({
  subject: i18n._({ id: 'mail.emailConfirm.subject', message: 'Confirm your new Kibitz e-mail address' }),
  heading: i18n._({ id: 'mail.emailConfirm.heading', message: 'Confirm your new e-mail address' }),
  greeting: greeting(i18n, mail.firstName),
  paragraphs: [
    i18n._({
      id: 'mail.emailConfirm.body',
      message:
        'You asked to use {newEmail} as the e-mail address of your Kibitz account. Please confirm this address to complete the change. The link is valid for {validHours, plural, one {# hour} other {# hours}}.',
      values: { newEmail: param(mail.newEmail), validHours: mail.validHours },
    }),
  ],
  details: [],
  actions: [
    action(
      i18n._({ id: 'mail.emailConfirm.action', message: 'Confirm my new address' }),
      mail.link,
      'primary',
    ),
  ],
  footer: [
    i18n._({
      id: 'mail.emailConfirm.reason',
      message: 'You received this e-mail because someone asked to use this address for a Kibitz account.',
    }),
    i18n._({
      id: 'mail.emailConfirm.notYou',
      message:
        'If you did not ask for this, please ignore this e-mail: the account keeps its current address.',
    }),
  ],
})

const contentOf = (i18n: I18n, mail: AccountMail): Content => {
  switch (mail.kind) {
    case 'activation':
      return activation(i18n, mail)
    case 'passwordReset':
      return passwordReset(i18n, mail)
    case 'organiserApplication':
      return organiserApplication(i18n, mail)
    case 'organiserAccepted':
      return organiserAccepted(i18n, mail)
    case 'organiserDeclined':
      return organiserDeclined(i18n, mail)
    case 'emailChanged':
      return emailChanged(i18n, mail)
    case 'emailConfirm':
      return emailConfirm(i18n, mail)
  }
}

/** Renders an account e-mail in the recipient's interface language (English for any other). */
export const renderAccountMail = (mail: AccountMail, language: string): RenderedMail => {
  const locale = resolveInterfaceLocale(language)
  const i18n = i18nFor(locale)
  const { copyLinkHint, signature } = common(i18n)
  return renderMail({ locale, copyLinkHint, signature, ...contentOf(i18n, mail) })
}
