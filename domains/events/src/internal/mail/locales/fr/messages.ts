// biome-ignore-all format: generated from locales/fr/messages.po by compile-catalogs.ts; do not edit.
// Edit the .po file, then run `npm run i18n:mail -w @kibitz/events`.
import type { Messages } from '@lingui/core'

export const messages: Messages = {
  "mail.eventCanceled.body": ["Nous avons le regret de vous informer que l’organisateur a annulé ",["eventName"],". Pour toute question concernant votre inscription, veuillez contacter l’organisateur."],
  "mail.eventCanceled.heading": ["L’événement a été annulé"],
  "mail.eventCanceled.subject": ["Annulé : ",["eventName"]],
  "mail.eventMessage.body": ["L’organisateur de ",["eventName"]," a envoyé ce message à toutes les personnes inscrites à l’événement :"],
  "mail.eventMessage.heading": ["Un message de l’organisateur"],
  "mail.eventMessage.subject": ["Message de l’organisateur : ",["eventName"]],
  "mail.eventPostponed.body": ["L’organisateur a reporté ",["eventName"],". Votre inscription est conservée et nous vous écrirons de nouveau lorsque l’événement aura de nouvelles dates."],
  "mail.eventPostponed.bodyWithDates": ["L’organisateur a reporté ",["eventName"]," à de nouvelles dates : ",["dates"],". Votre inscription est conservée."],
  "mail.eventPostponed.heading": ["L’événement a été reporté"],
  "mail.eventPostponed.subject": ["Reporté : ",["eventName"]],
  "mail.eventRepublished.body": ["Bonne nouvelle : l’événement ",["eventName"]," est de nouveau publié, avec de nouvelles dates. Vérifiez qu’elles vous conviennent toujours."],
  "mail.eventRepublished.dates": ["Dates"],
  "mail.eventRepublished.heading": ["L’événement est de retour"],
  "mail.eventRepublished.subject": ["Nouvelles dates : ",["eventName"]],
  "mail.events.action": ["Voir l’événement"],
  "mail.events.copyLink": ["Le bouton ne fonctionne pas ? Copiez le lien dans votre navigateur :"],
  "mail.events.greeting": ["Bonjour,"],
  "mail.events.messageIntro": ["Message de l’organisateur :"],
  "mail.events.reason": ["Vous recevez cet e-mail parce que vous êtes inscrit à cet événement sur Kibitz."],
  "mail.events.signature": ["L’équipe Kibitz"],
}
