import type { ContentLanguage } from '@kibitz/kernel'

export type DescriptionKind = 'festival' | 'championship' | 'club' | 'online'

export interface DescriptionContext {
  readonly name: string
  readonly city: string
  readonly venue: string
  readonly days: number
  readonly platform: string
}

type Template = (c: DescriptionContext) => string

/** Russian needs three plural forms: 1 день, 3 дня, 5 дней. */
const ruDays = (n: number): string => {
  const mod10 = n % 10
  const mod100 = n % 100
  if (mod10 === 1 && mod100 !== 11) return `${n} день`
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return `${n} дня`
  return `${n} дней`
}

// City names are never declined in the templates ("Vieta: …, Vilnius"), so one form fits every sentence.
const festival: Record<ContentLanguage, Template> = {
  en: (c) =>
    `${c.name} brings players from all over Europe to ${c.city} for ${c.days} days of bridge. The programme combines pairs, teams and side events for every level, with plenty of time to meet friends between sessions. The main venue is ${c.venue}.`,
  lt: (c) =>
    `${c.name} – tai ${c.days} dienų bridžo šventė, sukviečianti žaidėjus iš visos Europos. Programoje – porų, komandiniai ir papildomi turnyrai visų lygių žaidėjams, o tarp sesijų laukia draugiški susitikimai. Vieta: ${c.venue}, ${c.city}.`,
  pl: (c) =>
    `${c.name} to ${c.days} dni brydża dla zawodników z całej Europy. W programie turnieje par, teamów oraz imprezy towarzyszące dla graczy na każdym poziomie. Miejsce gry: ${c.venue}, ${c.city}.`,
  it: (c) =>
    `${c.name} riunisce a ${c.city} giocatori da tutta Europa per ${c.days} giorni di bridge. Il programma comprende tornei a coppie, a squadre e numerosi eventi collaterali per ogni livello di gioco. Sede di gara: ${c.venue}.`,
  ru: (c) =>
    `${c.name} собирает игроков со всей Европы на ${ruDays(c.days)} бриджа. В программе — парные и командные турниры, а также дополнительные соревнования для игроков любого уровня. Место проведения: ${c.venue}, ${c.city}.`,
  es: (c) =>
    `${c.name} reúne en ${c.city} a jugadores de toda Europa durante ${c.days} días de bridge. El programa incluye torneos de parejas, de equipos y actividades paralelas para todos los niveles. Sede: ${c.venue}.`,
  fr: (c) =>
    `${c.name} réunit des joueurs de toute l’Europe pendant ${c.days} jours de bridge. Au programme : tournois par paires, par quatre et épreuves annexes pour tous les niveaux. Lieu : ${c.venue}, ${c.city}.`,
  de: (c) =>
    `${c.name} bringt Bridgespieler aus ganz Europa für ${c.days} Tage zusammen. Auf dem Programm stehen Paar- und Teamturniere sowie Nebenturniere für jede Spielstärke. Spielort: ${c.venue}, ${c.city}.`,
  tr: (c) =>
    `${c.name}, Avrupa’nın dört bir yanından briç oyuncularını ${c.days} gün boyunca bir araya getiriyor. Programda her seviyeye uygun çift, takım ve yan turnuvalar yer alıyor. Turnuva yeri: ${c.venue}, ${c.city}.`,
  et: (c) =>
    `${c.name} toob ${c.days} päevaks kokku bridžimängijad üle kogu Euroopa. Kavas on paaris- ja võistkonnaturniirid ning kõrvalvõistlused igale tasemele. Mängupaik: ${c.venue}, ${c.city}.`,
}

const championship: Record<ContentLanguage, Template> = {
  en: (c) =>
    `${c.name} is one of the highlights of the bridge calendar. Titles and medals are awarded, and the results count towards the federation ranking. Venue: ${c.venue}, ${c.city}.`,
  lt: (c) =>
    `${c.name} – vienas svarbiausių sezono renginių. Nugalėtojams įteikiami čempionų titulai ir medaliai, o rezultatai įskaičiuojami į federacijos reitingą. Vieta: ${c.venue}, ${c.city}.`,
  pl: (c) =>
    `${c.name} to jedna z najważniejszych imprez sezonu. Zwycięzcy otrzymują tytuły mistrzowskie i medale, a wyniki liczą się do klasyfikacji związkowej. Miejsce gry: ${c.venue}, ${c.city}.`,
  it: (c) =>
    `${c.name} è uno degli appuntamenti più importanti della stagione. Ai vincitori vanno titoli e medaglie, e i risultati sono validi per la classifica federale. Sede di gara: ${c.venue}, ${c.city}.`,
  ru: (c) =>
    `${c.name} — одно из главных событий сезона. Победители получают чемпионские титулы и медали, а результаты идут в зачёт рейтинга федерации. Место проведения: ${c.venue}, ${c.city}.`,
  es: (c) =>
    `${c.name} es una de las citas más importantes de la temporada. Los ganadores reciben títulos y medallas, y los resultados puntúan para el ranking federativo. Sede: ${c.venue}, ${c.city}.`,
  fr: (c) =>
    `${c.name} est l’un des rendez-vous majeurs de la saison. Les vainqueurs remportent titres et médailles, et les résultats comptent pour le classement fédéral. Lieu : ${c.venue}, ${c.city}.`,
  de: (c) =>
    `${c.name} ist einer der Höhepunkte der Saison. Die Sieger erhalten Titel und Medaillen, die Ergebnisse fließen in die Verbandsrangliste ein. Spielort: ${c.venue}, ${c.city}.`,
  tr: (c) =>
    `${c.name}, sezonun en önemli etkinliklerinden biridir. Kazananlara şampiyonluk unvanı ve madalya verilir; sonuçlar federasyon sıralamasına işlenir. Turnuva yeri: ${c.venue}, ${c.city}.`,
  et: (c) =>
    `${c.name} on hooaja üks olulisemaid võistlusi. Võitjad saavad meistritiitli ja medalid ning tulemused lähevad arvesse liidu reitingus. Mängupaik: ${c.venue}, ${c.city}.`,
}

const club: Record<ContentLanguage, Template> = {
  en: (c) =>
    `A friendly club event in ${c.city} for players of every level. Partners can be found on site, and the day ends with a short analysis of the most interesting boards. Venue: ${c.venue}.`,
  lt: (c) =>
    `Draugiškas klubo turnyras visų lygių žaidėjams. Partnerį galima rasti vietoje, o diena baigiama įdomiausių dalijimų aptarimu. Vieta: ${c.venue}, ${c.city}.`,
  pl: (c) =>
    `Towarzyski turniej klubowy dla graczy na każdym poziomie. Partnera można znaleźć na miejscu, a dzień kończy się krótkim omówieniem najciekawszych rozdań. Miejsce gry: ${c.venue}, ${c.city}.`,
  it: (c) =>
    `Un torneo di club amichevole, aperto a giocatori di ogni livello. Il compagno si può trovare sul posto e la giornata si chiude con il commento delle smazzate più interessanti. Sede: ${c.venue}, ${c.city}.`,
  ru: (c) =>
    `Дружеский клубный турнир для игроков любого уровня. Партнёра можно найти на месте, а день завершается коротким разбором самых интересных сдач. Место проведения: ${c.venue}, ${c.city}.`,
  es: (c) =>
    `Un torneo de club amistoso, abierto a jugadores de todos los niveles. Se puede encontrar pareja en la sala y la jornada termina con un breve análisis de las manos más interesantes. Sede: ${c.venue}, ${c.city}.`,
  fr: (c) =>
    `Un tournoi de club convivial, ouvert aux joueurs de tous niveaux. Il est possible de trouver un partenaire sur place, et la journée se termine par un court commentaire des donnes les plus intéressantes. Lieu : ${c.venue}, ${c.city}.`,
  de: (c) =>
    `Ein geselliges Clubturnier für Spieler jeder Spielstärke. Partner findet man vor Ort, und der Tag endet mit einer kurzen Analyse der interessantesten Boards. Spielort: ${c.venue}, ${c.city}.`,
  tr: (c) =>
    `Her seviyeden oyuncuya açık, samimi bir kulüp turnuvası. Eşinizi salonda bulabilirsiniz; gün en ilginç ellerin kısa bir analiziyle sona eriyor. Turnuva yeri: ${c.venue}, ${c.city}.`,
  et: (c) =>
    `Sõbralik klubiturniir igal tasemel mängijatele. Partneri leiab kohapealt ning päev lõpeb huvitavamate jagude lühikese analüüsiga. Mängupaik: ${c.venue}, ${c.city}.`,
}

const online: Record<ContentLanguage, Template> = {
  en: (c) =>
    `${c.name} is played online on ${c.platform}, so you can take part from home. Please log in 15 minutes before the start; a tournament director is present in every session and results are published live.`,
  lt: (c) =>
    `${c.name} žaidžiamas internetu platformoje ${c.platform}, todėl dalyvauti galite iš namų. Prisijunkite likus 15 minučių iki pradžios; kiekvienoje sesijoje dirba teisėjas, o rezultatai skelbiami tiesiogiai.`,
  pl: (c) =>
    `${c.name} rozgrywany jest przez internet na platformie ${c.platform}, więc można grać z domu. Prosimy zalogować się 15 minut przed startem; w każdej sesji czuwa sędzia, a wyniki publikowane są na bieżąco.`,
  it: (c) =>
    `${c.name} si gioca online su ${c.platform}: si partecipa comodamente da casa. Collegatevi 15 minuti prima dell’inizio; in ogni sessione è presente un arbitro e i risultati sono pubblicati in tempo reale.`,
  ru: (c) =>
    `${c.name} проводится онлайн на платформе ${c.platform}, поэтому играть можно из дома. Подключайтесь за 15 минут до начала; в каждой сессии работает судья, а результаты публикуются в режиме реального времени.`,
  es: (c) =>
    `${c.name} se juega en línea en ${c.platform}, así que puede participar desde casa. Conéctese 15 minutos antes del inicio; en cada sesión hay un árbitro y los resultados se publican en directo.`,
  fr: (c) =>
    `${c.name} se joue en ligne sur ${c.platform} : vous pouvez participer depuis chez vous. Connectez-vous 15 minutes avant le début ; un arbitre est présent à chaque séance et les résultats sont publiés en direct.`,
  de: (c) =>
    `${c.name} wird online auf ${c.platform} gespielt – Sie können bequem von zu Hause teilnehmen. Bitte loggen Sie sich 15 Minuten vor Beginn ein; in jeder Runde ist ein Turnierleiter anwesend und die Ergebnisse werden live veröffentlicht.`,
  tr: (c) =>
    `${c.name}, ${c.platform} üzerinde çevrim içi oynanır; evinizden katılabilirsiniz. Başlangıçtan 15 dakika önce giriş yapın; her oturumda bir hakem görev yapar ve sonuçlar canlı yayınlanır.`,
  et: (c) =>
    `${c.name} mängitakse internetis platvormil ${c.platform}, nii et osaleda saab kodust. Palume sisse logida 15 minutit enne algust; igas voorus on kohal kohtunik ja tulemused avaldatakse reaalajas.`,
}

const templates: Record<DescriptionKind, Record<ContentLanguage, Template>> = {
  festival,
  championship,
  club,
  online,
}

/** A 3-sentence description of the event in `language`, plus the event's own sentence when it has one. */
export function describe(
  kind: DescriptionKind,
  language: ContentLanguage,
  context: DescriptionContext,
  extra?: string,
): string {
  const text = templates[kind][language](context)
  return extra ? `${text} ${extra}` : text
}
