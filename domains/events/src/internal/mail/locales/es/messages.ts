// biome-ignore-all format: generated from locales/es/messages.po by compile-catalogs.ts; do not edit.
// Edit the .po file, then run `npm run i18n:mail -w @kibitz/events`.
import type { Messages } from '@lingui/core'

export const messages: Messages = {
  "mail.eventCanceled.body": ["Lamentamos informarte de que el organizador ha cancelado ",["eventName"],". Para cualquier pregunta sobre tu inscripción, ponte en contacto con el organizador."],
  "mail.eventCanceled.heading": ["El evento se ha cancelado"],
  "mail.eventCanceled.subject": ["Cancelado: ",["eventName"]],
  "mail.eventMessage.body": ["El organizador de ",["eventName"]," ha enviado este mensaje a todas las personas inscritas en el evento:"],
  "mail.eventMessage.heading": ["Un mensaje del organizador"],
  "mail.eventMessage.subject": ["Novedades del organizador: ",["eventName"]],
  "mail.eventPostponed.body": ["El organizador ha aplazado ",["eventName"],". Tu inscripción se mantiene y te escribiremos de nuevo cuando el evento tenga nuevas fechas."],
  "mail.eventPostponed.bodyWithDates": ["El organizador ha aplazado ",["eventName"]," a nuevas fechas: ",["dates"],". Tu inscripción se mantiene."],
  "mail.eventPostponed.heading": ["El evento se ha aplazado"],
  "mail.eventPostponed.subject": ["Aplazado: ",["eventName"]],
  "mail.eventRepublished.body": ["Buenas noticias: ",["eventName"]," se ha vuelto a publicar con nuevas fechas. Comprueba que te siguen viniendo bien."],
  "mail.eventRepublished.dates": ["Fechas"],
  "mail.eventRepublished.heading": ["El evento vuelve"],
  "mail.eventRepublished.subject": ["Nuevas fechas: ",["eventName"]],
  "mail.events.action": ["Ver el evento"],
  "mail.events.copyLink": ["¿El botón no funciona? Copia el enlace en tu navegador:"],
  "mail.events.greeting": ["Hola:"],
  "mail.events.messageIntro": ["Mensaje del organizador:"],
  "mail.events.reason": ["Recibes este correo porque tienes una inscripción en este evento en Kibitz."],
  "mail.events.signature": ["El equipo de Kibitz"],
}
