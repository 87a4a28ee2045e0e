import {
  type InterfaceLocale,
  type MailContent,
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

/**
 * Every e-mail the events domain sends to an event's registered players. `message` is the organiser's own
 * text (may be empty, may span lines); `dates` is already formatted in the recipient's language.
 */
export type EventMail =
  | {
      kind: 'eventPostponed'
      eventName: string
      message: string
      link: string
      /** The new dates, formatted; null or left out when they are to be announced. */
      newDates?: string | null
    }
  | { kind: 'eventCanceled'; eventName: string; message: string; link: string }
  | { kind: 'eventRepublished'; eventName: string; dates: string; link: string }
  | { kind: 'eventMessage'; eventName: string; message: string; link: string }

const catalogs: Record<InterfaceLocale, Messages> = { en, ru, lt, pl, es, it, fr }

const i18nFor = mailTranslator(catalogs)

type Content = Omit<MailContent, 'locale' | 'copyLinkHint' | 'signature'>
type Mail<K extends EventMail['kind']> = Extract<EventMail, { kind: K }>

const common = (i18n: I18n, link: string) => ({
  greeting: i18n._({ id: 'mail.events.greeting', message: 'Hello,' }),
  actions: [mailAction(i18n._({ id: 'mail.events.action', message: 'View the event' }), link, 'primary')],
  footer: [
    i18n._({
      id: 'mail.events.reason',
      message: 'You received this e-mail because you are registered for this event on Kibitz.',
    }),
  ],
})

/** The organiser's message under its own heading, or nothing when they wrote none. */
const organiserMessage = (i18n: I18n, message: string): Pick<Content, 'paragraphs' | 'quote'> =>
  message.trim() === ''
    ? { paragraphs: [] }
    : {
        paragraphs: [i18n._({ id: 'mail.events.messageIntro', message: 'Message from the organiser:' })],
        quote: message,
      }

const eventPostponed = (i18n: I18n, mail: Mail<'eventPostponed'>): Content => {
  const note = organiserMessage(i18n, mail.message)
  return {
    ...common(i18n, mail.link),
    subject: i18n._({
      id: 'mail.eventPostponed.subject',
      message: 'Postponed: {eventName}',
      values: { eventName: mailParam(mail.eventName) },
    }),
    heading: i18n._({ id: 'mail.eventPostponed.heading', message: 'The event has been postponed' }),
    paragraphs: [
      mail.newDates == null
        ? i18n._({
            id: 'mail.eventPostponed.body',
            message:
              'The organiser has postponed {eventName}. Your registration is kept, and we will write to you again when the event has new dates.',
            values: { eventName: mailParam(mail.eventName) },
          })
        : i18n._({
            id: 'mail.eventPostponed.bodyWithDates',
            message:
              'The organiser has postponed {eventName} to new dates: {dates}. Your registration is kept.',
            values: { eventName: mailParam(mail.eventName), dates: mailParam(mail.newDates) },
          }),
      ...note.paragraphs,
    ],
    ...(note.quote === undefined ? {} : { quote: note.quote }),
    details: [],
  }
}

const eventCanceled = (i18n: I18n, mail: Mail<'eventCanceled'>): Content => {
  const note = organiserMessage(i18n, mail.message)
  return {
    ...common(i18n, mail.link),
    subject: i18n._({
      id: 'mail.eventCanceled.subject',
      message: 'Canceled: {eventName}',
      values: { eventName: mailParam(mail.eventName) },
    }),
    heading: i18n._({ id: 'mail.eventCanceled.heading', message: 'The event has been canceled' }),
    paragraphs: [
      i18n._({
        id: 'mail.eventCanceled.body',
        message:
          'We are sorry to let you know that the organiser has canceled {eventName}. For any question about your registration, please contact the organiser.',
        values: { eventName: mailParam(mail.eventName) },
      }),
      ...note.paragraphs,
    ],
    ...(note.quote === undefined ? {} : { quote: note.quote }),
    details: [],
  }
}

const eventRepublished = (i18n: I18n, mail: Mail<'eventRepublished'>): Content => ({
  ...common(i18n, mail.link),
  subject: i18n._({
    id: 'mail.eventRepublished.subject',
    message: 'New dates: {eventName}',
    values: { eventName: mailParam(mail.eventName) },
  }),
  heading: i18n._({ id: 'mail.eventRepublished.heading', message: 'The event is back' }),
  paragraphs: [
    i18n._({
      id: 'mail.eventRepublished.body',
      message:
        'Good news: {eventName} has been published again with new dates. Please check that they still suit you.',
      values: { eventName: mailParam(mail.eventName) },
    }),
  ],
  details: [
    {
      label: i18n._({ id: 'mail.eventRepublished.dates', message: 'Dates' }),
      value: singleLine(mail.dates),
      href: null,
    },
  ],
})

/** The organiser's own message (notify event users): the message is the e-mail, under a line saying who sent it. */
const eventMessage = (i18n: I18n, mail: Mail<'eventMessage'>): Content => ({
  ...common(i18n, mail.link),
  subject: i18n._({
    id: 'mail.eventMessage.subject',
    message: 'News from the organiser: {eventName}',
    values: { eventName: mailParam(mail.eventName) },
  }),
  heading: i18n._({ id: 'mail.eventMessage.heading', message: 'A message from the organiser' }),
  paragraphs: [
    i18n._({
      id: 'mail.eventMessage.body',
      message: 'The organiser of {eventName} has sent this message to everyone registered for the event:',
      values: { eventName: mailParam(mail.eventName) },
    }),
  ],
  ...(mail.message.trim() === '' ? {} : { quote: mail.message }),
  details: [],
})

const contentOf = (i18n: I18n, mail: EventMail): Content => {
  switch (mail.kind) {
    case 'eventPostponed':
      return eventPostponed(i18n, mail)
    case 'eventCanceled':
      return eventCanceled(i18n, mail)
    case 'eventRepublished':
      return eventRepublished(i18n, mail)
    case 'eventMessage':
      return eventMessage(i18n, mail)
  }
}

/** Renders an event e-mail in the recipient's interface language (English for any other). */
export const renderEventMail = (mail: EventMail, language: string): RenderedMail => {
  const locale = resolveInterfaceLocale(language)
  const i18n = i18nFor(locale)
  return renderMail({
    locale,
    copyLinkHint: i18n._({
      id: 'mail.events.copyLink',
      message: 'Button not working? Copy the link into your browser:',
    }),
    signature: i18n._({ id: 'mail.events.signature', message: 'The Kibitz team' }),
    ...contentOf(i18n, mail),
  })
}
