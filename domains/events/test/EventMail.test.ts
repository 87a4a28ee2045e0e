import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { escapeHtml, interfaceLocales } from '@kibitz/kernel'
import babelExtractor from '@lingui/cli/api/extractors/babel'
import { type ExtractedMessage, getConfig } from '@lingui/conf'
import type { CompiledMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import {
  catalogFiles,
  catalogModuleSource,
  catalogProblems,
  compileCatalog,
  readCatalog,
} from '../src/internal/mail/catalogs.ts'
import { type EventMail, renderEventMail } from '../src/internal/mail/EventMail.ts'

const link = 'https://kibitz.example/event/spring-pairs-2027'
const script = '<script>alert(1)</script>'

const postponed = {
  kind: 'eventPostponed',
  eventName: 'Spring Pairs & Teams',
  message: 'The hall is flooded.\nNew dates soon.',
  link,
} satisfies EventMail
const postponedToDates = {
  kind: 'eventPostponed',
  eventName: 'Spring Pairs & Teams',
  message: '',
  link,
  newDates: '5–7 June 2027',
} satisfies EventMail
const canceled = {
  kind: 'eventCanceled',
  eventName: 'Spring Pairs & Teams',
  message: 'Sorry.',
  link,
} satisfies EventMail
const republished = {
  kind: 'eventRepublished',
  eventName: 'Spring Pairs & Teams',
  dates: '1–3 April 2027',
  link,
} satisfies EventMail

const announced = {
  kind: 'eventMessage',
  eventName: 'Spring Pairs & Teams',
  message: 'Parking is free on Saturday.\nBring your own bidding boxes.',
  link,
} satisfies EventMail

const samples: ReadonlyArray<{ mail: EventMail; shown: ReadonlyArray<string> }> = [
  { mail: postponed, shown: ['Spring Pairs & Teams'] },
  { mail: postponedToDates, shown: ['Spring Pairs & Teams', '5–7 June 2027'] },
  { mail: canceled, shown: ['Spring Pairs & Teams', 'Sorry.'] },
  { mail: republished, shown: ['Spring Pairs & Teams', '1–3 April 2027'] },
  { mail: announced, shown: ['Spring Pairs & Teams', 'Parking is free on Saturday.'] },
]

describe('renderEventMail', () => {
  describe.each(interfaceLocales)('in %s', (locale) => {
    it.each(samples)('renders $mail.kind with its parameters and the event link', ({ mail, shown }) => {
      const rendered = renderEventMail(mail, locale)
      expect(rendered.subject).toContain('Spring Pairs & Teams')
      expect(rendered.subject).not.toMatch(/[\r\n]/)
      expect(rendered.html).toContain(`<html lang="${locale}">`)
      expect(rendered.html).toMatch(/<h1 [^>]*>[^<]+<\/h1>/)
      for (const value of shown) {
        expect(rendered.text).toContain(value)
        expect(rendered.html).toContain(escapeHtml(value))
      }
      expect(rendered.text.split('\n')).toContain(link)
      expect(rendered.html).toContain(`href="${escapeHtml(link)}"`)
      if (locale !== 'en') {
        const english = renderEventMail(mail, 'en')
        expect(rendered.subject).not.toBe(english.subject)
        expect(rendered.text).not.toBe(english.text)
      }
    })
  })

  it('writes the English texts', () => {
    const { subject, text, html } = renderEventMail(postponed, 'en')
    expect(subject).toBe('Postponed: Spring Pairs & Teams')
    expect(text).toContain('The organiser has postponed Spring Pairs & Teams.')
    expect(text).toContain('Message from the organiser:\n\nThe hall is flooded.\nNew dates soon.')
    expect(text).toContain(`View the event:\n${link}`)
    expect(html).toContain('>View the event</a>')
    expect(renderEventMail(republished, 'en').text).toContain('Dates: 1–3 April 2027')
    expect(renderEventMail(canceled, 'en').subject).toBe('Canceled: Spring Pairs & Teams')
    const message = renderEventMail(announced, 'en')
    expect(message.subject).toBe('News from the organiser: Spring Pairs & Teams')
    expect(message.text).toContain(
      'The organiser of Spring Pairs & Teams has sent this message to everyone registered for the event:\n\n' +
        'Parking is free on Saturday.\nBring your own bidding boxes.',
    )
    expect(message.html).toContain('Parking is free on Saturday.<br>Bring your own bidding boxes.')
  })

  it('leaves out the message block when the organiser wrote none', () => {
    const { text, html } = renderEventMail({ ...canceled, message: ' \n ' }, 'en')
    expect(text).not.toContain('Message from the organiser')
    expect(html).not.toContain('border-left')
  })

  it('falls back to English for any other language', () => {
    for (const { mail } of samples) {
      for (const language of ['de', '', 'tr'])
        expect(renderEventMail(mail, language)).toEqual(renderEventMail(mail, 'en'))
    }
  })

  describe('the organiser’s message and other untrusted text', () => {
    it('escapes a script in the message, the event name and the dates in every language', () => {
      const mails: ReadonlyArray<EventMail> = [
        { ...postponed, eventName: script, message: script },
        { ...canceled, eventName: script, message: script },
        { ...republished, eventName: script, dates: script },
        { ...announced, eventName: script, message: script },
      ]
      for (const language of interfaceLocales) {
        for (const mail of mails) {
          const { html, text } = renderEventMail(mail, language)
          expect(html).not.toContain('<script')
          expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
          expect(text).toContain(script)
        }
      }
    })

    it('keeps the message’s line breaks: as lines in the text, as <br> between escaped lines in HTML', () => {
      const message = 'Line <b>one</b>\r\nLine two\n\n\n\nLine\tthree\u2028four'
      const { text, html } = renderEventMail({ ...postponed, message }, 'en')
      expect(text).toContain('Line <b>one</b>\nLine two\n\nLine three\nfour\n')
      expect(html).toContain('Line &lt;b&gt;one&lt;/b&gt;<br>Line two<br><br>Line three<br>four</p>')
    })

    it('keeps the subject on one line and shows escape sequences literally', () => {
      const { subject } = renderEventMail(
        { ...postponed, eventName: 'A\r\nBcc: x@example.test \\u000a' },
        'en',
      )
      expect(subject).toBe('Postponed: A Bcc: x@example.test \\u000a')
    })

    it('refuses a link that is not an absolute web address', () => {
      expect(() => renderEventMail({ ...postponed, link: '/event/spring' }, 'en')).toThrow(/http\(s\) URL/)
      expect(() => renderEventMail({ ...canceled, link: 'javascript:alert(1)' }, 'en')).toThrow(
        /http\(s\) URL/,
      )
    })
  })
})

const mailFolder = new URL('../src/internal/mail/', import.meta.url)
const readPo = (locale: string): string => readFileSync(catalogFiles(locale).po, 'utf8')

/** The messages `lingui extract` finds in the mail sources, found by Lingui's own extractor. */
const extractMessages = async (): Promise<ReadonlyArray<ExtractedMessage>> => {
  const linguiConfig = getConfig({
    configPath: fileURLToPath(new URL('../lingui.config.ts', import.meta.url)),
  })
  const found: Array<ExtractedMessage> = []
  for (const name of readdirSync(mailFolder).filter((file) => file.endsWith('.ts'))) {
    const path = fileURLToPath(new URL(name, mailFolder))
    await babelExtractor.extract(path, readFileSync(path, 'utf8'), (message) => found.push(message), {
      linguiConfig,
    })
  }
  return found
}

/** The argument names a compiled message uses. */
const argumentsOf = (message: CompiledMessage): ReadonlyArray<string> =>
  message.flatMap((token) => (typeof token === 'string' ? [] : [token[0]]))

describe('event mail catalogues', () => {
  it('hold every message the code uses, in every language, and nothing else', async () => {
    const ids = [...new Set((await extractMessages()).map((message) => message.id))].sort()
    expect(ids.length).toBeGreaterThan(10)
    for (const locale of interfaceLocales) {
      expect([...readCatalog(readPo(locale)).keys()].sort(), locale).toEqual(ids)
    }
  })

  it('have the English defaults of the code as the English catalogue', async () => {
    const english = readCatalog(readPo('en'))
    for (const message of await extractMessages())
      expect(english.get(message.id), message.id).toBe(message.message)
  })

  it.each(interfaceLocales)('are complete in %s: no empty, fuzzy or generated-id entry', (locale) => {
    expect(catalogProblems(readPo(locale))).toEqual([])
  })

  it.each(interfaceLocales)('use the same placeholders in %s as in English', (locale) => {
    const english = compileCatalog(readPo('en'))
    const translated = compileCatalog(readPo(locale))
    for (const [id, message] of Object.entries(english)) {
      const translation = translated[id]
      expect(translation, id).toBeDefined()
      if (translation === undefined) continue
      expect(new Set(argumentsOf(translation)), id).toEqual(new Set(argumentsOf(message)))
    }
  })

  it.each(interfaceLocales)('never use an ASCII apostrophe in %s, which ICU reads as a quote', (locale) => {
    for (const [id, translation] of readCatalog(readPo(locale))) expect(translation, id).not.toContain("'")
  })

  it.each(interfaceLocales)(
    'are compiled: locales/%s/messages.ts matches a fresh compile of the .po',
    (locale) => {
      const committed = readFileSync(catalogFiles(locale).module, 'utf8')
      expect(committed).toBe(catalogModuleSource(locale, readPo(locale)))
      expect(committed).toContain('npm run i18n:mail -w @kibitz/events')
    },
  )
})
