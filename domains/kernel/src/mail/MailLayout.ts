/** A button-like link: the HTML shows a button, the text body the label and the bare URL. */
export interface MailAction {
  readonly label: string
  readonly href: string
  readonly tone: 'primary' | 'secondary'
}

/** One labelled line of facts, e.g. an applicant's phone number; `href` makes the value a link. */
export interface MailDetail {
  readonly label: string
  readonly value: string
  readonly href: string | null
}

/** Everything an e-mail says, already translated; the renderers only lay it out and escape it. */
export interface MailContent {
  readonly locale: string
  readonly subject: string
  readonly heading: string
  readonly greeting: string
  readonly paragraphs: ReadonlyArray<string>
  /** A message someone typed, shown after the paragraphs with its line breaks (see `multiLine`). */
  readonly quote?: string
  readonly details: ReadonlyArray<MailDetail>
  readonly actions: ReadonlyArray<MailAction>
  readonly copyLinkHint: string
  readonly signature: string
  readonly footer: ReadonlyArray<string>
}

/**
 * `text` on one line: control characters (CR, LF, tab, ...) and line/paragraph separators become
 * one space. Every parameter goes through it, so no one can forge extra lines in a text body or
 * extra headers in a subject.
 */
export const singleLine = (text: string): string =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()

/**
 * `text` with its line breaks kept as `\n` (CR LF, CR and line/paragraph separators included), every other
 * control character as a space, each line trimmed and at most one blank line in a row: for a multi-line
 * message the sender typed, which a mail shows as written but never as markup.
 */
export const multiLine = (text: string): string =>
  text
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map(singleLine)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()

/**
 * A parameter ready to be interpolated into a Lingui message: on one line, and with its backslashes
 * written as `\u005c` because Lingui decodes `\uXXXX`/`\xXX` sequences in a formatted message; the
 * decoding turns them back into the user's literal text instead of letting `\u000a` become a line break.
 */
export const mailParam = (value: string): string => singleLine(value).replaceAll('\\', '\\u005c')

/** An action link; links are built by the service from the configured site URL, never by users. */
export const mailAction = (label: string, href: string, tone: MailAction['tone']): MailAction => {
  const url = singleLine(href)
  if (!isWebLink(url)) throw new Error(`mail link is not an absolute http(s) URL: ${JSON.stringify(url)}`)
  return { label, href: url, tone }
}

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** `text` safe inside HTML element content and double- or single-quoted attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => htmlEntities[char] ?? char)

/** True for an absolute http(s) URL: the only kind a mail may turn into a clickable link. */
export const isWebLink = (url: string): boolean => {
  if (!URL.canParse(url)) return false
  const { protocol } = new URL(url)
  return protocol === 'https:' || protocol === 'http:'
}

/** The plain-text body: paragraphs, facts, each action's label with its URL on a line of its own. */
export const renderText = (content: MailContent): string => {
  const blocks = [
    content.greeting,
    ...content.paragraphs,
    content.quote ?? '',
    content.details.map((detail) => `${detail.label}: ${detail.value}`).join('\n'),
    ...content.actions.map((action) => `${action.label}:\n${action.href}`),
    content.signature,
    `---\n${content.footer.join(' ')}`,
  ]
  return `${blocks.filter((block) => block.length > 0).join('\n\n')}\n`
}

const font = 'font-family:Arial,Helvetica,sans-serif;'
const paragraphStyle = 'margin:0 0 16px;'
const smallStyle = 'margin:0 0 8px;font-size:14px;line-height:1.5;color:#52525b;'
const quoteStyle = 'margin:0 0 16px;padding:8px 0 8px 16px;border-left:4px solid #d4d4d8;color:#3f3f46;'
const linkStyle = 'color:#1d4ed8;text-decoration:underline;word-break:break-all;'
const buttonStyles: Record<MailAction['tone'], string> = {
  primary:
    'display:inline-block;margin:0 8px 8px 0;padding:12px 24px;border:2px solid #1d4ed8;border-radius:6px;' +
    'background-color:#1d4ed8;color:#ffffff;font-weight:bold;text-decoration:none;',
  secondary:
    'display:inline-block;margin:0 8px 8px 0;padding:12px 24px;border:2px solid #b91c1c;border-radius:6px;' +
    'background-color:#ffffff;color:#b91c1c;font-weight:bold;text-decoration:none;',
}

const anchor = (href: string, label: string, style: string): string =>
  `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a>`

const detailsTable = (details: ReadonlyArray<MailDetail>): string => {
  if (details.length === 0) return ''
  const rows = details.map((detail) => {
    const value =
      detail.href === null ? escapeHtml(detail.value) : anchor(detail.href, detail.value, linkStyle)
    return (
      '<tr>' +
      `<th scope="row" style="padding:4px 16px 4px 0;text-align:left;vertical-align:top;font-weight:bold;">${escapeHtml(detail.label)}</th>` +
      `<td style="padding:4px 0;vertical-align:top;">${value}</td>` +
      '</tr>'
    )
  })
  return `<table style="${paragraphStyle}border-collapse:collapse;${font}font-size:15px;">${rows.join('')}</table>`
}

const actionBlock = (content: MailContent): string => {
  if (content.actions.length === 0) return ''
  const buttons = content.actions.map((action) =>
    anchor(action.href, action.label, buttonStyles[action.tone]),
  )
  // Some clients strip styles or block links in buttons: the bare URLs below still work when copied.
  const fallbacks = content.actions.map(
    (action) =>
      `<p style="${smallStyle}">${escapeHtml(action.label)}: ${anchor(action.href, action.href, linkStyle)}</p>`,
  )
  return (
    `<p style="margin:24px 0 16px;">${buttons.join(' ')}</p>` +
    `<p style="${smallStyle}">${escapeHtml(content.copyLinkHint)}</p>` +
    fallbacks.join('')
  )
}

/** The HTML body: one column, inline styles only (mail clients drop style sheets), all text escaped. */
export const renderHtml = (content: MailContent): string => {
  const lang = escapeHtml(content.locale)
  const paragraphs = content.paragraphs.map((text) => `<p style="${paragraphStyle}">${escapeHtml(text)}</p>`)
  // Escaped line by line first, so the only markup in a quote is the <br> this code puts between lines.
  const quote =
    content.quote === undefined || content.quote === ''
      ? ''
      : `<p style="${quoteStyle}">${content.quote.split('\n').map(escapeHtml).join('<br>')}</p>`
  const lines = [
    '<!doctype html>',
    `<html lang="${lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;background-color:#f4f4f5;">',
    `<div role="article" aria-label="${escapeHtml(content.subject)}" lang="${lang}" style="max-width:560px;margin:0 auto;padding:32px 24px;${font}font-size:16px;line-height:1.5;color:#18181b;background-color:#ffffff;">`,
    `<h1 style="margin:0 0 24px;font-size:22px;line-height:1.3;">${escapeHtml(content.heading)}</h1>`,
    `<p style="${paragraphStyle}">${escapeHtml(content.greeting)}</p>`,
    ...paragraphs,
    quote,
    detailsTable(content.details),
    actionBlock(content),
    `<p style="margin:24px 0 0;">${escapeHtml(content.signature)}</p>`,
    '<hr style="margin:32px 0 16px;border:none;border-top:1px solid #e4e4e7;">',
    `<p style="margin:0;font-size:13px;line-height:1.5;color:#71717a;">${escapeHtml(content.footer.join(' '))}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ]
  return `${lines.filter((line) => line.length > 0).join('\n')}\n`
}

/** A rendered e-mail: a one-line subject, a plain-text body and an HTML body saying the same. */
export interface RenderedMail {
  readonly subject: string
  readonly text: string
  readonly html: string
}

/**
 * Lays out translated `content` as a subject and both bodies. Translations are flattened to single lines
 * too, which closes the door on a header injection through a translated subject as well as through a
 * parameter; only the quote keeps its (normalised) line breaks.
 */
export const renderMail = (content: MailContent): RenderedMail => {
  const flat: MailContent = {
    locale: content.locale,
    subject: singleLine(content.subject),
    heading: singleLine(content.heading),
    greeting: singleLine(content.greeting),
    paragraphs: content.paragraphs.map(singleLine),
    ...(content.quote === undefined ? {} : { quote: multiLine(content.quote) }),
    details: content.details,
    actions: content.actions,
    copyLinkHint: singleLine(content.copyLinkHint),
    signature: singleLine(content.signature),
    footer: content.footer.map(singleLine),
  }
  return { subject: flat.subject, text: renderText(flat), html: renderHtml(flat) }
}
