// biome-ignore-all format: generated from locales/it/messages.po by compile-catalogs.ts; do not edit.
// Edit the .po file, then run `npm run i18n:mail -w @kibitz/events`.
import type { Messages } from '@lingui/core'

export const messages: Messages = {
  "mail.eventCanceled.body": ["Ci dispiace comunicarti che l’organizzatore ha annullato ",["eventName"],". Per qualsiasi domanda sulla tua iscrizione, contatta l’organizzatore."],
  "mail.eventCanceled.heading": ["L’evento è stato annullato"],
  "mail.eventCanceled.subject": ["Annullato: ",["eventName"]],
  "mail.eventMessage.body": ["L’organizzatore di ",["eventName"]," ha inviato questo messaggio a tutti gli iscritti all’evento:"],
  "mail.eventMessage.heading": ["Un messaggio dell’organizzatore"],
  "mail.eventMessage.subject": ["Novità dall’organizzatore: ",["eventName"]],
  "mail.eventPostponed.body": ["L’organizzatore ha rinviato ",["eventName"],". La tua iscrizione resta valida e ti scriveremo di nuovo quando l’evento avrà nuove date."],
  "mail.eventPostponed.bodyWithDates": ["L’organizzatore ha rinviato ",["eventName"]," a nuove date: ",["dates"],". La tua iscrizione resta valida."],
  "mail.eventPostponed.heading": ["L’evento è stato rinviato"],
  "mail.eventPostponed.subject": ["Rinviato: ",["eventName"]],
  "mail.eventRepublished.body": ["Buone notizie: ",["eventName"]," è di nuovo in calendario, con nuove date. Verifica che ti vadano ancora bene."],
  "mail.eventRepublished.dates": ["Date"],
  "mail.eventRepublished.heading": ["L’evento torna in calendario"],
  "mail.eventRepublished.subject": ["Nuove date: ",["eventName"]],
  "mail.events.action": ["Vedi l’evento"],
  "mail.events.copyLink": ["Il pulsante non funziona? Copia il link nel browser:"],
  "mail.events.greeting": ["Buongiorno,"],
  "mail.events.messageIntro": ["Messaggio dell’organizzatore:"],
  "mail.events.reason": ["Hai ricevuto questa e-mail perché hai un’iscrizione a questo evento su Kibitz."],
  "mail.events.signature": ["Il team di Kibitz"],
}
