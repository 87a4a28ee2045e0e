// biome-ignore-all format: generated from locales/lt/messages.po by compile-catalogs.ts; do not edit.
// Edit the .po file, then run `npm run i18n:mail -w @kibitz/events`.
import type { Messages } from '@lingui/core'

export const messages: Messages = {
  "mail.eventCanceled.body": ["Deja, organizatorius atšaukė renginį „",["eventName"],"“. Jei turite klausimų dėl registracijos, kreipkitės į organizatorių."],
  "mail.eventCanceled.heading": ["Renginys atšauktas"],
  "mail.eventCanceled.subject": ["Atšaukta: ",["eventName"]],
  "mail.eventMessage.body": ["Renginio „",["eventName"],"“ organizatorius išsiuntė šią žinutę visiems į renginį užsiregistravusiems dalyviams:"],
  "mail.eventMessage.heading": ["Organizatoriaus žinutė"],
  "mail.eventMessage.subject": ["Organizatoriaus naujienos: ",["eventName"]],
  "mail.eventPostponed.body": ["Organizatorius atidėjo renginį „",["eventName"],"“. Jūsų registracija lieka galioti, o kai renginys turės naujas datas, parašysime jums dar kartą."],
  "mail.eventPostponed.bodyWithDates": ["Organizatorius perkėlė renginį „",["eventName"],"“ į naujas datas: ",["dates"],". Jūsų registracija lieka galioti."],
  "mail.eventPostponed.heading": ["Renginys atidėtas"],
  "mail.eventPostponed.subject": ["Atidėta: ",["eventName"]],
  "mail.eventRepublished.body": ["Gera žinia: renginys „",["eventName"],"“ vėl paskelbtas su naujomis datomis. Patikrinkite, ar jos jums tinka."],
  "mail.eventRepublished.dates": ["Datos"],
  "mail.eventRepublished.heading": ["Renginys vėl kalendoriuje"],
  "mail.eventRepublished.subject": ["Naujos datos: ",["eventName"]],
  "mail.events.action": ["Peržiūrėti renginį"],
  "mail.events.copyLink": ["Mygtukas neveikia? Nukopijuokite nuorodą į naršyklę:"],
  "mail.events.greeting": ["Sveiki,"],
  "mail.events.messageIntro": ["Organizatoriaus žinutė:"],
  "mail.events.reason": ["Gavote šį laišką, nes esate užsiregistravę į šį renginį Kibitz svetainėje."],
  "mail.events.signature": ["Kibitz komanda"],
}
