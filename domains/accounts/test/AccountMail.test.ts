import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { escapeHtml, interfaceLocales } from '@kibitz/kernel'
import babelExtractor from '@lingui/cli/api/extractors/babel'
import { type ExtractedMessage, getConfig } from '@lingui/conf'
import type { CompiledMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { type AccountMail, renderAccountMail } from '../src/internal/mail/AccountMail.ts'
import {
  catalogFiles,
  catalogModuleSource,
  catalogProblems,
  compileCatalog,
  readCatalog,
} from '../src/internal/mail/catalogs.ts'

const link = 'https://kibitz.example/activate?token=a1b2&next=%2Fevents'
const confirmLink = 'https://kibitz.example/account/email/confirm?token=c3d4&next=%2Fsettings'
const acceptLink = 'https://kibitz.example/admin/organisers/17/accept?token=x&y=1'
const declineLink = 'https://kibitz.example/admin/organisers/17/decline?token=x&y=1'

const activation = { kind: 'activation', firstName: 'Zoë', link } satisfies AccountMail
const passwordReset = { kind: 'passwordReset', firstName: 'Zoë', link, validHours: 24 } satisfies AccountMail
const application = {
  kind: 'organiserApplication',
  applicantName: 'Jonas Petraitis',
  applicantEmail: 'jonas@example.test',
  organiserKind: 'company',
  organiserName: 'Bridge & Co',
  country: 'Lithuania',
  phone: '+370 600 00000',
  website: 'https://bridge.example.test/?a=1&b=2',
  acceptLink,
  declineLink,
} satisfies AccountMail
const accepted = { kind: 'organiserAccepted', firstName: 'Zoë', link } satisfies AccountMail
const declined = { kind: 'organiserDeclined', firstName: 'Zoë' } satisfies AccountMail
const emailChanged = {
  kind: 'emailChanged',
  firstName: 'Zoë',
  newEmail: 'zoe.new@example.test',
} satisfies AccountMail
const emailConfirm = {
  kind: 'emailConfirm',
  firstName: 'Zoë',
  newEmail: 'zoe.new@example.test',
  link: confirmLink,
  validHours: 24,
} satisfies AccountMail

/** Each kind with the parameters that must appear in both bodies and the links that must work. */
const samples: ReadonlyArray<{
  mail: AccountMail
  shown: ReadonlyArray<string>
  links: ReadonlyArray<string>
}> = [
  { mail: activation, shown: ['Zoë'], links: [link] },
  { mail: passwordReset, shown: ['Zoë', '24'], links: [link] },
  {
    mail: application,
    shown: [
      'Jonas Petraitis',
      'jonas@example.test',
      'Bridge & Co',
      'Lithuania',
      '+370 600 00000',
      'https://bridge.example.test/?a=1&b=2',
    ],
    links: [acceptLink, declineLink],
  },
  { mail: accepted, shown: ['Zoë'], links: [link] },
  { mail: declined, shown: ['Zoë'], links: [] },
  { mail: emailChanged, shown: ['Zoë', 'zoe.new@example.test'], links: [] },
  { mail: emailConfirm, shown: ['Zoë', 'zoe.new@example.test', '24'], links: [confirmLink] },
]

const script = '<script>alert(1)</script>'

describe('renderAccountMail', () => {
  describe.each(interfaceLocales)('in %s', (locale) => {
    it.each(samples)('renders $mail.kind with its parameters and working links', ({ mail, shown, links }) => {
      const rendered = renderAccountMail(mail, locale)
      expect(rendered.subject.length).toBeGreaterThan(0)
      expect(rendered.subject).not.toMatch(/[\r\n]/)
      expect(rendered.html).toContain(`<html lang="${locale}">`)
      expect(rendered.html).toMatch(/<h1 [^>]*>[^<]+<\/h1>/)
      for (const value of shown) {
        expect(rendered.text).toContain(value)
        expect(rendered.html).toContain(escapeHtml(value))
      }
      for (const url of links) {
        expect(rendered.text.split('\n')).toContain(url)
        expect(rendered.html).toContain(`href="${escapeHtml(url)}"`)
      }
      if (locale !== 'en') {
        const english = renderAccountMail(mail, 'en')
        expect(rendered.subject).not.toBe(english.subject)
        expect(rendered.text).not.toBe(english.text)
      }
    })

    it('shows the accept link before the decline link, as two buttons, and links the website', () => {
      const { html, text } = renderAccountMail(application, locale)
      expect(html).toContain('<a href="https://bridge.example.test/?a=1&amp;b=2"')
      expect(text.indexOf(acceptLink)).toBeLessThan(text.indexOf(declineLink))
      const buttons = [...html.matchAll(/<a href="([^"]+)" style="display:inline-block;/g)].map((m) => m[1])
      expect(buttons).toEqual([escapeHtml(acceptLink), escapeHtml(declineLink)])
    })
  })

  it('writes the English texts', () => {
    const { subject, text, html } = renderAccountMail(activation, 'en')
    expect(subject).toBe('Activate your Kibitz account')
    expect(text).toContain('Hello Zoë,')
    expect(text).toContain(`Activate my account:\n${link}`)
    expect(html).toContain('>Activate my account</a>')
    expect(text).toContain(
      'You received this e-mail because someone signed up on Kibitz with this address. ' +
        'If this was not you, please ignore this e-mail.',
    )
  })

  it('falls back to English for any other language', () => {
    for (const mail of [activation, application, emailChanged, emailConfirm]) {
      const english = renderAccountMail(mail, 'en')
      for (const language of ['de', '', 'xx-YY', 'tr']) {
        expect(renderAccountMail(mail, language)).toEqual(english)
      }
    }
  })

  it('accepts a regional language tag', () => {
    expect(renderAccountMail(activation, 'pl-PL')).toEqual(renderAccountMail(activation, 'pl'))
    expect(renderAccountMail(activation, 'pl-PL').subject).toBe('Aktywuj swoje konto Kibitz')
  })

  describe('plural forms of the validity', () => {
    const body = (language: string, validHours: number) =>
      renderAccountMail({ ...passwordReset, validHours }, language).text
    const confirmBody = (language: string, validHours: number) =>
      renderAccountMail({ ...emailConfirm, validHours }, language).text

    it.each([
      [1, 'Ссылка действует 1 час.'],
      [2, 'Ссылка действует 2 часа.'],
      [5, 'Ссылка действует 5 часов.'],
      [21, 'Ссылка действует 21 час.'],
      [11, 'Ссылка действует 11 часов.'],
    ])('uses the Russian form for %i hours', (hours, sentence) => {
      expect(body('ru', hours)).toContain(sentence)
    })

    it.each([
      [1, 'ważny przez 1 godzinę.'],
      [2, 'ważny przez 2 godziny.'],
      [5, 'ważny przez 5 godzin.'],
    ])('uses the Polish form for %i hours', (hours, sentence) => {
      expect(body('pl', hours)).toContain(sentence)
    })

    it.each([
      [1, 'galioja 1 valandą.'],
      [2, 'galioja 2 valandas.'],
      [10, 'galioja 10 valandų.'],
    ])('uses the Lithuanian form for %i hours', (hours, sentence) => {
      expect(body('lt', hours)).toContain(sentence)
    })

    it.each([
      ['ru', 1, 'Ссылка действует 1 час.'],
      ['ru', 3, 'Ссылка действует 3 часа.'],
      ['ru', 12, 'Ссылка действует 12 часов.'],
      ['pl', 1, 'ważny przez 1 godzinę.'],
      ['pl', 24, 'ważny przez 24 godziny.'],
      ['pl', 48, 'ważny przez 48 godzin.'],
      ['lt', 1, 'galioja 1 valandą.'],
      ['lt', 24, 'galioja 24 valandas.'],
      ['lt', 12, 'galioja 12 valandų.'],
      ['en', 1, 'valid for 1 hour.'],
      ['en', 24, 'valid for 24 hours.'],
      ['fr', 1, 'valable 1 heure.'],
      ['es', 1, 'válido durante 1 hora.'],
      ['es', 24, 'válido durante 24 horas.'],
      ['it', 1, 'valido per 1 ora.'],
      ['it', 24, 'valido per 24 ore.'],
    ])('uses the right form in the e-mail confirmation (%s, %i hours)', (language, hours, sentence) => {
      expect(confirmBody(language, hours)).toContain(sentence)
    })

    it('uses singular and plural in English and French', () => {
      expect(body('en', 1)).toContain('valid for 1 hour.')
      expect(body('en', 48)).toContain('valid for 48 hours.')
      expect(body('fr', 1)).toContain('valable 1 heure.')
      expect(body('fr', 2)).toContain('valable 2 heures.')
    })
  })

  describe('untrusted parameters', () => {
    const hostile: AccountMail = {
      kind: 'organiserApplication',
      applicantName: script,
      applicantEmail: '"><img src=x onerror=alert(1)>@example.test',
      organiserKind: 'individual',
      organiserName: `${script}\r\nBcc: victim@example.test`,
      country: null,
      phone: '',
      website: 'javascript:alert(1)',
      acceptLink: 'https://kibitz.example/accept?a="><script>alert(1)</script>',
      declineLink,
    }

    it('escapes a script in every kind of mail', () => {
      const mails: ReadonlyArray<AccountMail> = [
        { kind: 'activation', firstName: script, link },
        { kind: 'passwordReset', firstName: script, link, validHours: 2 },
        hostile,
        { kind: 'organiserAccepted', firstName: script, link },
        { kind: 'organiserDeclined', firstName: script },
        { kind: 'emailChanged', firstName: script, newEmail: script },
        { kind: 'emailConfirm', firstName: script, newEmail: script, link, validHours: 24 },
      ]
      for (const language of interfaceLocales) {
        for (const mail of mails) {
          const { html, text } = renderAccountMail(mail, language)
          expect(html).not.toContain('<script')
          expect(html).not.toContain('<img')
          expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
          // The text body is not HTML: it shows the name exactly as typed.
          expect(text).toContain(script)
        }
      }
    })

    it('escapes quotes in links and never links a non-web address', () => {
      const { html } = renderAccountMail(hostile, 'en')
      expect(html).toContain(
        'href="https://kibitz.example/accept?a=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
      )
      expect(html).not.toContain('href="javascript:')
      expect(html).toContain('javascript:alert(1)')
    })

    it('keeps the subject and every text line free of injected line breaks', () => {
      const { subject, text } = renderAccountMail(hostile, 'en')
      expect(subject).toBe(`New organiser application: ${script} Bcc: victim@example.test`)
      expect(text.split('\n').some((line) => line.startsWith('Bcc:'))).toBe(false)
    })

    it('shows missing or blank optional details as not given', () => {
      const { text } = renderAccountMail(hostile, 'en')
      expect(text).toContain('Organiser type: Individual')
      expect(text).toContain('Country: not given')
      expect(text).toContain('Phone: not given')
    })

    it('shows escape sequences literally instead of letting Lingui decode them', () => {
      const { text, subject } = renderAccountMail(
        { ...application, organiserName: 'A\\u000aB \\x3cb\\x3e' },
        'en',
      )
      expect(subject).toBe('New organiser application: A\\u000aB \\x3cb\\x3e')
      expect(text).toContain('Organiser name: A\\u000aB \\x3cb\\x3e')
    })

    it('greets without a name when the first name is blank', () => {
      expect(renderAccountMail({ ...activation, firstName: ' \n ' }, 'en').text.startsWith('Hello,\n')).toBe(
        true,
      )
    })

    it('refuses an action link that is not an absolute web address', () => {
      expect(() => renderAccountMail({ ...activation, link: 'javascript:alert(1)' }, 'en')).toThrow(
        /http\(s\) URL/,
      )
      expect(() => renderAccountMail({ ...activation, link: '/activate?token=1' }, 'en')).toThrow(
        /http\(s\) URL/,
      )
      expect(() => renderAccountMail({ ...emailConfirm, link: 'mailto:zoe@example.test' }, 'en')).toThrow(
        /http\(s\) URL/,
      )
    })
  })

  it('tells the owner of the old address to act, not to ignore the change', () => {
    const { text } = renderAccountMail(emailChanged, 'en')
    expect(text).toContain(
      'The e-mail address of your Kibitz account was changed to zoe.new@example.test after the change was confirmed from that address.',
    )
    expect(text).toContain('If you did not make this change, contact the Kibitz team right away.')
    expect(text).not.toContain('ignore')
  })

  it('asks the new address to confirm the change, with one button, and tells a stranger to ignore it', () => {
    const { subject, text, html } = renderAccountMail(emailConfirm, 'en')
    expect(subject).toBe('Confirm your new Kibitz e-mail address')
    expect(text).toContain('Hello Zoë,')
    expect(text).toContain(
      'You asked to use zoe.new@example.test as the e-mail address of your Kibitz account. ' +
        'Please confirm this address to complete the change. The link is valid for 24 hours.',
    )
    expect(text).toContain(`Confirm my new address:\n${confirmLink}`)
    const buttons = [...html.matchAll(/<a href="([^"]+)" style="display:inline-block;/g)].map((m) => m[1])
    expect(buttons).toEqual([escapeHtml(confirmLink)])
    expect(html).toContain('>Confirm my new address</a>')
    expect(text).toContain(
      'If you did not ask for this, please ignore this e-mail: the account keeps its current address.',
    )
    expect(text).not.toContain('contact the Kibitz team')
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
  const sources = readdirSync(mailFolder).filter((name) => name.endsWith('.ts'))
  for (const name of sources) {
    const path = fileURLToPath(new URL(name, mailFolder))
    await babelExtractor.extract(path, readFileSync(path, 'utf8'), (message) => found.push(message), {
      linguiConfig,
    })
  }
  return found
}

/** The argument names a compiled message uses, plural branches included. */
const argumentsOf = (message: CompiledMessage): ReadonlyArray<string> =>
  message.flatMap((token) => {
    if (typeof token === 'string') return []
    const [name, , format] = token
    if (typeof format !== 'object' || format === null) return [name]
    const branches = Object.values(format).filter((branch): branch is CompiledMessage =>
      Array.isArray(branch),
    )
    return [name, ...branches.flatMap(argumentsOf)]
  })

const pluralCategories = (message: CompiledMessage): ReadonlyArray<string> =>
  message.flatMap((token) => {
    if (typeof token === 'string' || token[1] !== 'plural') return []
    const format = token[2]
    // The compiler also records a plural's `offset` next to its forms.
    return typeof format === 'object' && format !== null
      ? Object.keys(format).filter((key) => key !== 'offset')
      : []
  })

describe('mail catalogues', () => {
  it('hold every message the code uses, in every language, and nothing else', async () => {
    const extracted = await extractMessages()
    const ids = [...new Set(extracted.map((message) => message.id))].sort()
    expect(ids.length).toBeGreaterThan(40)
    for (const locale of interfaceLocales) {
      expect([...readCatalog(readPo(locale)).keys()].sort(), locale).toEqual(ids)
    }
  })

  it('have the English defaults of the code as the English catalogue', async () => {
    const english = readCatalog(readPo('en'))
    for (const message of await extractMessages()) {
      expect(english.get(message.id), message.id).toBe(message.message)
    }
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

  it.each(['ru', 'pl', 'lt'])('give every plural the one, few, many and other forms in %s', (locale) => {
    const plurals = Object.values(compileCatalog(readPo(locale))).filter(
      (m) => pluralCategories(m).length > 0,
    )
    expect(plurals.length).toBeGreaterThan(0)
    for (const message of plurals)
      expect([...pluralCategories(message)].sort()).toEqual(['few', 'many', 'one', 'other'])
  })

  it.each(interfaceLocales)('never use an ASCII apostrophe in %s, which ICU reads as a quote', (locale) => {
    for (const [id, translation] of readCatalog(readPo(locale))) expect(translation, id).not.toContain("'")
  })

  it.each(interfaceLocales)(
    'are compiled: locales/%s/messages.ts matches a fresh compile of the .po',
    (locale) => {
      const committed = readFileSync(catalogFiles(locale).module, 'utf8')
      expect(committed).toBe(catalogModuleSource(locale, readPo(locale)))
    },
  )

  it('refuse to compile a catalogue with an untranslated message', () => {
    const po = 'msgid ""\nmsgstr ""\n"Language: ru\\n"\n\nmsgid "mail.x"\nmsgstr ""\n'
    expect(catalogProblems(po)).toEqual([{ id: 'mail.x', problem: 'untranslated' }])
    expect(() => compileCatalog(po)).toThrow(/mail\.x \(untranslated\)/)
  })
})
