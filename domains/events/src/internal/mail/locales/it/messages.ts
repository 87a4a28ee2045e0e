// biome-ignore-all format: generated from locales/it/messages.po by compile-catalogs.ts; do not edit.
// Edit the .po file, then run `npm run i18n:mail -w @kibitz/events`.
import type { Messages } from '@lingui/core'

export const messages: Messages = {
  "mail.eventCanceled.body": ["Siamo spiacenti di comunicarle che l’organizzatore ha annullato ",["eventName"],". Per qualsiasi domanda sulla sua iscrizione, contatti l’organizzatore."],
  "mail.eventCanceled.heading": ["L’evento è stato annullato"],
  "mail.eventCanceled.subject": ["Annullato: ",["eventName"]],
  "mail.eventMessage.body": ["L’organizzatore di ",["eventName"]," ha inviato questo messaggio a tutti gli iscritti all’evento:"],
  "mail.eventMessage.heading": ["Un messaggio dell’organizzatore"],
  "mail.eventMessage.subject": ["Novità dall’organizzatore: ",["eventName"]],
  "mail.eventPostponed.body": ["L’organizzatore ha rinviato ",["eventName"],". La sua iscrizione resta valida e le scriveremo di nuovo quando l’evento avrà nuove date."],
  "mail.eventPostponed.bodyWithDates": ["L’organizzatore ha rinviato «",["eventName"],"» a nuove date: ",["dates"],". La tua iscrizione resta valida."],
  "mail.eventPostponed.heading": ["L’evento è stato rinviato"],
  "mail.eventPostponed.subject": ["Rinviato: ",["eventName"]],
  "mail.eventRepublished.body": ["Buone notizie: ",["eventName"]," è stato pubblicato di nuovo con nuove date. Verifichi che le vadano ancora bene."],
  "mail.eventRepublished.dates": ["Date"],
  "mail.eventRepublished.heading": ["L’evento è tornato"],
  "mail.eventRepublished.subject": ["Nuove date: ",["eventName"]],
  "mail.events.action": ["Vedi l’evento"],
  "mail.events.copyLink": ["Il pulsante non funziona? Copi il link nel browser:"],
  "mail.events.greeting": ["Buongiorno,"],
  "mail.events.messageIntro": ["Messaggio dell’organizzatore:"],
  "mail.events.reason": ["Ha ricevuto questa e-mail perché è iscritto a questo evento su Kibitz."],
  "mail.events.signature": ["Il team di Kibitz"],
}
