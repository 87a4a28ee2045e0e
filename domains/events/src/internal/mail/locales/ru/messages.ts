// biome-ignore-all format: generated from locales/ru/messages.po by compile-catalogs.ts; do not edit.
// Edit the .po file, then run `npm run i18n:mail -w @kibitz/events`.
import type { Messages } from '@lingui/core'

export const messages: Messages = {
  "mail.eventCanceled.body": ["К сожалению, организатор отменил мероприятие «",["eventName"],"». По вопросам о вашей заявке, пожалуйста, обращайтесь к организатору."],
  "mail.eventCanceled.heading": ["Мероприятие отменено"],
  "mail.eventCanceled.subject": ["Отменено: ",["eventName"]],
  "mail.eventMessage.body": ["Организатор мероприятия «",["eventName"],"» отправил это сообщение всем, кто зарегистрирован на мероприятие:"],
  "mail.eventMessage.heading": ["Сообщение организатора"],
  "mail.eventMessage.subject": ["Новости от организатора: ",["eventName"]],
  "mail.eventPostponed.body": ["Организатор перенёс мероприятие «",["eventName"],"». Ваша заявка сохраняется, и мы напишем вам снова, когда у мероприятия появятся новые даты."],
  "mail.eventPostponed.bodyWithDates": ["Организатор перенёс мероприятие «",["eventName"],"» на новые даты: ",["dates"],". Ваша заявка сохраняется."],
  "mail.eventPostponed.heading": ["Мероприятие перенесено"],
  "mail.eventPostponed.subject": ["Перенесено: ",["eventName"]],
  "mail.eventRepublished.body": ["Хорошие новости: мероприятие «",["eventName"],"» снова опубликовано с новыми датами. Пожалуйста, проверьте, подходят ли они вам."],
  "mail.eventRepublished.dates": ["Даты"],
  "mail.eventRepublished.heading": ["Мероприятие снова в календаре"],
  "mail.eventRepublished.subject": ["Новые даты: ",["eventName"]],
  "mail.events.action": ["Открыть страницу мероприятия"],
  "mail.events.copyLink": ["Кнопка не работает? Скопируйте ссылку в браузер:"],
  "mail.events.greeting": ["Здравствуйте!"],
  "mail.events.messageIntro": ["Сообщение организатора:"],
  "mail.events.reason": ["Вы получили это письмо, потому что зарегистрированы на это мероприятие на Kibitz."],
  "mail.events.signature": ["Команда Kibitz"],
}
