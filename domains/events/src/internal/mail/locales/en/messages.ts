// biome-ignore-all format: generated from locales/en/messages.po by compile-catalogs.ts; do not edit.
// Edit the .po file, then run `npm run i18n:mail -w @kibitz/events`.
import type { Messages } from '@lingui/core'

export const messages: Messages = {
  "mail.eventCanceled.body": ["We are sorry to let you know that the organiser has canceled ",["eventName"],". For any question about your registration, please contact the organiser."],
  "mail.eventCanceled.heading": ["The event has been canceled"],
  "mail.eventCanceled.subject": ["Canceled: ",["eventName"]],
  "mail.eventMessage.body": ["The organiser of ",["eventName"]," has sent this message to everyone registered for the event:"],
  "mail.eventMessage.heading": ["A message from the organiser"],
  "mail.eventMessage.subject": ["News from the organiser: ",["eventName"]],
  "mail.eventPostponed.body": ["The organiser has postponed ",["eventName"],". Your registration is kept, and we will write to you again when the event has new dates."],
  "mail.eventPostponed.bodyWithDates": ["The organiser has postponed ",["eventName"]," to new dates: ",["dates"],". Your registration is kept."],
  "mail.eventPostponed.heading": ["The event has been postponed"],
  "mail.eventPostponed.subject": ["Postponed: ",["eventName"]],
  "mail.eventRepublished.body": ["Good news: ",["eventName"]," has been published again with new dates. Please check that they still suit you."],
  "mail.eventRepublished.dates": ["Dates"],
  "mail.eventRepublished.heading": ["The event is back"],
  "mail.eventRepublished.subject": ["New dates: ",["eventName"]],
  "mail.events.action": ["View the event"],
  "mail.events.copyLink": ["Button not working? Copy the link into your browser:"],
  "mail.events.greeting": ["Hello,"],
  "mail.events.messageIntro": ["Message from the organiser:"],
  "mail.events.reason": ["You received this e-mail because you are registered for this event on Kibitz."],
  "mail.events.signature": ["The Kibitz team"],
}
