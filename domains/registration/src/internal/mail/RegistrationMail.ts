import {
  type InterfaceLocale,
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

/** How a registration is paid, with what the registrant needs to pay it; every value is already formatted. */
export type RegistrationPayment =
  | { method: 'free' }
  | {
      method: 'bankTransfer'
      beneficiary: string
      iban: string
      bic: string | null
      reference: string
      amount: string
      dueBy: string
    }
  | { method: 'card'; payLink: string; dueBy: string }

/**
 * Every e-mail the registration domain sends to the person who registered (often without an account).
 * Names come from organisers and registrants; money, dates, IBANs and references are already formatted in
 * the recipient's language; links are personal and built by the service.
 */
export type RegistrationMail =
  | {
      kind: 'registrationReceived'
      eventName: string
      tournamentName: string
      /** "First Last" of each contestant. */
      contestants: ReadonlyArray<string>
      /** One line per ticket type, e.g. "2 × Junior (early bird) — 40 €". */
      ticketLines: ReadonlyArray<string>
      total: string
      payment: RegistrationPayment
      statusLink: string
    }
  | { kind: 'paymentReceived'; eventName: string; tournamentName: string; amount: string; statusLink: string }
  | { kind: 'registrationExpired'; eventName: string; tournamentName: string; registerLink: string }
  | { kind: 'registrationCanceled'; eventName: string; tournamentName: string; statusLink: string }
  | {
      kind: 'registrationMoved'
      eventName: string
      fromTournament: string
      toTournament: string
      statusLink: string
    }

const outboxKinds = {
  registrationReceived: 'registration.received',
  paymentReceived: 'registration.paymentReceived',
  registrationExpired: 'registration.expired',
  registrationCanceled: 'registration.canceled',
  registrationMoved: 'registration.moved',
} as const satisfies Record<RegistrationMail['kind'], string>

/** The `kind` of a registration e-mail in the outbox (MailMessage.kind). */
export type RegistrationOutboxKind = (typeof outboxKinds)[RegistrationMail['kind']]

/** The outbox kind of `mail`, e.g. 'registration.received'. */
export const registrationMailKind = (mail: RegistrationMail): RegistrationOutboxKind => outboxKinds[mail.kind]

const catalogs: Record<InterfaceLocale, Messages> = { en, ru, lt, pl, es, it, fr }

const i18nFor = mailTranslator(catalogs)

type Content = Omit<MailContent, 'locale' | 'copyLinkHint' | 'signature'>
type Mail<K extends RegistrationMail['kind']> = Extract<RegistrationMail, { kind: K }>

const common = (i18n: I18n) => ({
  greeting: i18n._({ id: 'mail.registration.greeting', message: 'Hello,' }),
  footer: [
    i18n._({
      id: 'mail.registration.reason',
      message:
        'You received this e-mail because this address was given for a tournament registration on Kibitz.',
    }),
  ],
})

/** The status page button and, above it, the warning that its link works for whoever holds it. */
const statusPage = (i18n: I18n, link: string) => ({
  note: i18n._({
    id: 'mail.registration.statusNote',
    message:
      'The button below shows your registration at any time. The link is personal: anyone who has it can see your registration, so please keep it to yourself.',
  }),
  action: mailAction(
    i18n._({ id: 'mail.registration.statusAction', message: 'See your registration' }),
    link,
    'primary',
  ),
})

/** A fact row; an empty value leaves the row out rather than showing a bare label. */
const detail = (label: string, value: string): ReadonlyArray<MailDetail> => {
  const shown = singleLine(value)
  return shown === '' ? [] : [{ label, value: shown, href: null }]
}

/** The payment paragraphs and the pay button (card only) of a received registration. */
const paymentPart = (
  i18n: I18n,
  mail: Mail<'registrationReceived'>,
): { heading: string; paragraphs: ReadonlyArray<string>; actions: Content['actions'] } => {
  const { payment } = mail
  const reserved = i18n._({
    id: 'mail.registrationReceived.headingReserved',
    message: 'Your entry is reserved',
  })
  switch (payment.method) {
    case 'free':
      return {
        heading: i18n._({ id: 'mail.registrationReceived.headingConfirmed', message: 'You are registered' }),
        paragraphs: [
          i18n._({
            id: 'mail.registrationReceived.free',
            message:
              'Entry is free, so there is nothing to pay: your registration is confirmed. See you at the table!',
          }),
        ],
        actions: [],
      }
    case 'bankTransfer': {
      const bic = payment.bic === null ? '' : singleLine(payment.bic)
      // Literal value objects: Lingui's extractor only reads those for its placeholder notes.
      const transfer =
        bic === ''
          ? i18n._({
              id: 'mail.registrationReceived.bankTransferNoBic',
              message:
                'Your entry is reserved until {dueBy}. Please transfer {amount} to {beneficiary}, IBAN {iban}, with the reference {reference}.',
              values: {
                dueBy: mailParam(payment.dueBy),
                amount: mailParam(payment.amount),
                beneficiary: mailParam(payment.beneficiary),
                iban: mailParam(payment.iban),
                reference: mailParam(payment.reference),
              },
            })
          : i18n._({
              id: 'mail.registrationReceived.bankTransfer',
              message:
                'Your entry is reserved until {dueBy}. Please transfer {amount} to {beneficiary}, IBAN {iban}, BIC {bic}, with the reference {reference}.',
              values: {
                dueBy: mailParam(payment.dueBy),
                amount: mailParam(payment.amount),
                beneficiary: mailParam(payment.beneficiary),
                iban: mailParam(payment.iban),
                bic: mailParam(bic),
                reference: mailParam(payment.reference),
              },
            })
      return {
        heading: reserved,
        paragraphs: [
          transfer,
          i18n._({
            id: 'mail.registrationReceived.reference',
            message:
              'The reference matters: it is how the organiser finds your payment. Entries still unpaid by then are released.',
          }),
        ],
        actions: [],
      }
    }
    case 'card':
      return {
        heading: reserved,
        paragraphs: [
          i18n._({
            id: 'mail.registrationReceived.card',
            message:
              'Your entry is reserved until {dueBy}. Please pay {total} by card with the button below; entries still unpaid by then are released.',
            values: { dueBy: mailParam(payment.dueBy), total: mailParam(mail.total) },
          }),
        ],
        actions: [
          mailAction(
            i18n._({ id: 'mail.registrationReceived.payAction', message: 'Pay by card' }),
            payment.payLink,
            'primary',
          ),
        ],
      }
  }
}

const registrationReceived = (i18n: I18n, mail: Mail<'registrationReceived'>): Content => {
  const payment = paymentPart(i18n, mail)
  const status = statusPage(i18n, mail.statusLink)
  return {
    ...common(i18n),
    subject: i18n._({
      id: 'mail.registrationReceived.subject',
      message: 'Registration received: {tournamentName}, {eventName}',
      values: { tournamentName: mailParam(mail.tournamentName), eventName: mailParam(mail.eventName) },
    }),
    heading: payment.heading,
    paragraphs: [
      i18n._({
        id: 'mail.registrationReceived.body',
        message: 'We have your registration for {tournamentName} at {eventName}.',
        values: { tournamentName: mailParam(mail.tournamentName), eventName: mailParam(mail.eventName) },
      }),
      ...payment.paragraphs,
      status.note,
    ],
    // Ticket lines may hold commas (decimal money), so they are set apart by semicolons.
    details: [
      ...detail(
        i18n._({ id: 'mail.registrationReceived.players', message: 'Players' }),
        mail.contestants.map(singleLine).join(', '),
      ),
      ...detail(
        i18n._({ id: 'mail.registrationReceived.tickets', message: 'Tickets' }),
        mail.ticketLines.map(singleLine).join('; '),
      ),
      ...detail(i18n._({ id: 'mail.registrationReceived.total', message: 'Total' }), mail.total),
    ],
    actions: [...payment.actions, status.action],
  }
}

const paymentReceived = (i18n: I18n, mail: Mail<'paymentReceived'>): Content => {
  const status = statusPage(i18n, mail.statusLink)
  return {
    ...common(i18n),
    subject: i18n._({
      id: 'mail.paymentReceived.subject',
      message: 'Payment received: {tournamentName}, {eventName}',
      values: { tournamentName: mailParam(mail.tournamentName), eventName: mailParam(mail.eventName) },
    }),
    heading: i18n._({ id: 'mail.paymentReceived.heading', message: 'Thank you, your payment has arrived' }),
    paragraphs: [
      i18n._({
        id: 'mail.paymentReceived.body',
        message:
          'We have received your payment of {amount} for {tournamentName} at {eventName}. Your registration is confirmed. See you at the table!',
        values: {
          amount: mailParam(mail.amount),
          tournamentName: mailParam(mail.tournamentName),
          eventName: mailParam(mail.eventName),
        },
      }),
      status.note,
    ],
    details: [],
    actions: [status.action],
  }
}

const registrationExpired = (i18n: I18n, mail: Mail<'registrationExpired'>): Content => {
  return {
    ...common(i18n),
    subject: i18n._({
      id: 'mail.registrationExpired.subject',
      message: 'Entry released: {tournamentName}, {eventName}',
      values: { tournamentName: mailParam(mail.tournamentName), eventName: mailParam(mail.eventName) },
    }),
    heading: i18n._({ id: 'mail.registrationExpired.heading', message: 'Your entry has been released' }),
    paragraphs: [
      i18n._({
        id: 'mail.registrationExpired.body',
        message:
          'Your registration for {tournamentName} at {eventName} was not paid in time, so it has been released and its tickets have been given back.',
        values: { tournamentName: mailParam(mail.tournamentName), eventName: mailParam(mail.eventName) },
      }),
      i18n._({
        id: 'mail.registrationExpired.again',
        message: 'If you still want to play, you are welcome to register again while places are left.',
      }),
    ],
    details: [],
    actions: [
      mailAction(
        i18n._({ id: 'mail.registrationExpired.action', message: 'Register again' }),
        mail.registerLink,
        'primary',
      ),
    ],
  }
}

const registrationCanceled = (i18n: I18n, mail: Mail<'registrationCanceled'>): Content => {
  const status = statusPage(i18n, mail.statusLink)
  return {
    ...common(i18n),
    subject: i18n._({
      id: 'mail.registrationCanceled.subject',
      message: 'Registration canceled: {tournamentName}, {eventName}',
      values: { tournamentName: mailParam(mail.tournamentName), eventName: mailParam(mail.eventName) },
    }),
    heading: i18n._({
      id: 'mail.registrationCanceled.heading',
      message: 'Your registration has been canceled',
    }),
    paragraphs: [
      i18n._({
        id: 'mail.registrationCanceled.body',
        message:
          'The organiser has canceled your registration for {tournamentName} at {eventName}. If you have any question about it, please contact the organiser.',
        values: { tournamentName: mailParam(mail.tournamentName), eventName: mailParam(mail.eventName) },
      }),
      status.note,
    ],
    details: [],
    actions: [status.action],
  }
}

const registrationMoved = (i18n: I18n, mail: Mail<'registrationMoved'>): Content => {
  const status = statusPage(i18n, mail.statusLink)
  return {
    ...common(i18n),
    subject: i18n._({
      id: 'mail.registrationMoved.subject',
      message: 'Registration moved: {toTournament}, {eventName}',
      values: { toTournament: mailParam(mail.toTournament), eventName: mailParam(mail.eventName) },
    }),
    heading: i18n._({ id: 'mail.registrationMoved.heading', message: 'Your registration has been moved' }),
    paragraphs: [
      i18n._({
        id: 'mail.registrationMoved.body',
        message:
          'The organiser has moved your registration at {eventName} from {fromTournament} to {toTournament}. There is nothing you need to do; if the change does not suit you, please contact the organiser.',
        values: {
          eventName: mailParam(mail.eventName),
          fromTournament: mailParam(mail.fromTournament),
          toTournament: mailParam(mail.toTournament),
        },
      }),
      status.note,
    ],
    details: [],
    actions: [status.action],
  }
}

const contentOf = (i18n: I18n, mail: RegistrationMail): Content => {
  switch (mail.kind) {
    case 'registrationReceived':
      return registrationReceived(i18n, mail)
    case 'paymentReceived':
      return paymentReceived(i18n, mail)
    case 'registrationExpired':
      return registrationExpired(i18n, mail)
    case 'registrationCanceled':
      return registrationCanceled(i18n, mail)
    case 'registrationMoved':
      return registrationMoved(i18n, mail)
  }
}

/** Renders a registration e-mail in the recipient's interface language (English for any other). */
export const renderRegistrationMail = (mail: RegistrationMail, language: string): RenderedMail => {
  const locale = resolveInterfaceLocale(language)
  const i18n = i18nFor(locale)
  return renderMail({
    locale,
    copyLinkHint: i18n._({
      id: 'mail.registration.copyLink',
      message: 'Button not working? Copy the link into your browser:',
    }),
    signature: i18n._({ id: 'mail.registration.signature', message: 'The Kibitz team' }),
    ...contentOf(i18n, mail),
  })
}
