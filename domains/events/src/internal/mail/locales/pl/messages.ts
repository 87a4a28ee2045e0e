// biome-ignore-all format: generated from locales/pl/messages.po by compile-catalogs.ts; do not edit.
// Edit the .po file, then run `npm run i18n:mail -w @kibitz/events`.
import type { Messages } from '@lingui/core'

export const messages: Messages = {
  "mail.eventCanceled.body": ["Z przykrością informujemy, że organizator odwołał wydarzenie „",["eventName"],"”. W sprawie swojego zgłoszenia prosimy kontaktować się z organizatorem."],
  "mail.eventCanceled.heading": ["Wydarzenie zostało odwołane"],
  "mail.eventCanceled.subject": ["Odwołane: ",["eventName"]],
  "mail.eventMessage.body": ["Organizator wydarzenia „",["eventName"],"” wysłał tę wiadomość do wszystkich zapisanych zawodników:"],
  "mail.eventMessage.heading": ["Wiadomość od organizatora"],
  "mail.eventMessage.subject": ["Wiadomość od organizatora: ",["eventName"]],
  "mail.eventPostponed.body": ["Organizator przełożył wydarzenie „",["eventName"],"”. Twoje zgłoszenie pozostaje ważne, a gdy wydarzenie otrzyma nowy termin, napiszemy do Ciebie ponownie."],
  "mail.eventPostponed.bodyWithDates": ["Organizator przełożył wydarzenie „",["eventName"],"” na nowy termin: ",["dates"],". Twoje zgłoszenie pozostaje ważne."],
  "mail.eventPostponed.heading": ["Wydarzenie zostało przełożone"],
  "mail.eventPostponed.subject": ["Przełożone: ",["eventName"]],
  "mail.eventRepublished.body": ["Dobra wiadomość: wydarzenie „",["eventName"],"” zostało ponownie opublikowane z nowymi terminami. Sprawdź, czy nadal Ci odpowiadają."],
  "mail.eventRepublished.dates": ["Terminy"],
  "mail.eventRepublished.heading": ["Wydarzenie wraca"],
  "mail.eventRepublished.subject": ["Nowe terminy: ",["eventName"]],
  "mail.events.action": ["Zobacz wydarzenie"],
  "mail.events.copyLink": ["Przycisk nie działa? Skopiuj link do przeglądarki:"],
  "mail.events.greeting": ["Dzień dobry,"],
  "mail.events.messageIntro": ["Wiadomość od organizatora:"],
  "mail.events.reason": ["Otrzymujesz tę wiadomość, ponieważ zapisano Cię na to wydarzenie w Kibitz."],
  "mail.events.signature": ["Zespół Kibitz"],
}
