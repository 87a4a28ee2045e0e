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
import {
  type RegistrationMail,
  registrationMailKind,
  renderRegistrationMail,
} from '../src/internal/mail/RegistrationMail.ts'

const statusLink = 'https://kibitz.example/registration/status/4f9c2a7e?lang=en&x=1'
const payLink = 'https://kibitz.example/registration/pay/4f9c2a7e'
const registerLink = 'https://kibitz.example/event/vilnius-cup-2027/register'
const script = '<script>alert(1)</script>'

const names = { eventName: 'Vilnius Cup 2027', tournamentName: 'Open Pairs & Mixed' } as const

const bankTransfer = {
  kind: 'registrationReceived',
  ...names,
  contestants: ['Anna Smith', 'Jonas Petraitis'],
  ticketLines: ['1 × Junior (early bird) — 20,00\u00a0€', '1 × Adult — 40,00\u00a0€'],
  total: '60,00\u00a0€',
  payment: {
    method: 'bankTransfer',
    beneficiary: 'Lietuvos bridžo sąjunga',
    iban: 'LT12 1000 0111 0100 1000',
    bic: 'HABALT22',
    reference: 'RF18 5390 0754 7034',
    amount: '60,00\u00a0€',
    dueBy: '12 March 2027, 18:00',
  },
  statusLink,
} satisfies RegistrationMail
const free = { ...bankTransfer, payment: { method: 'free' } } satisfies RegistrationMail
const card = {
  ...bankTransfer,
  payment: { method: 'card', payLink, dueBy: '12 March 2027, 18:00' },
} satisfies RegistrationMail
const paid = {
  kind: 'paymentReceived',
  ...names,
  amount: '60,00\u00a0€',
  statusLink,
} satisfies RegistrationMail
const expired = { kind: 'registrationExpired', ...names, registerLink } satisfies RegistrationMail
const canceled = { kind: 'registrationCanceled', ...names, statusLink } satisfies RegistrationMail
const moved = {
  kind: 'registrationMoved',
  eventName: 'Vilnius Cup 2027',
  fromTournament: 'Open Pairs & Mixed',
  toTournament: 'Women’s Pairs',
  statusLink,
} satisfies RegistrationMail

/** Each mail with the values it must show and the links it must carry, in every language. */
const samples: ReadonlyArray<{
  name: string
  mail: RegistrationMail
  shown: ReadonlyArray<string>
  links: ReadonlyArray<string>
}> = [
  {
    name: 'received, bank transfer',
    mail: bankTransfer,
    shown: [
      'Open Pairs & Mixed',
      'Vilnius Cup 2027',
      'Anna Smith, Jonas Petraitis',
      '1 × Junior (early bird) — 20,00\u00a0€; 1 × Adult — 40,00\u00a0€',
      '60,00\u00a0€',
      'Lietuvos bridžo sąjunga',
      'LT12 1000 0111 0100 1000',
      'HABALT22',
      'RF18 5390 0754 7034',
      '12 March 2027, 18:00',
    ],
    links: [statusLink],
  },
  {
    name: 'received, free',
    mail: free,
    shown: ['Open Pairs & Mixed', 'Vilnius Cup 2027', 'Anna Smith, Jonas Petraitis', '60,00\u00a0€'],
    links: [statusLink],
  },
  {
    name: 'received, card',
    mail: card,
    shown: ['Open Pairs & Mixed', 'Vilnius Cup 2027', '60,00\u00a0€', '12 March 2027, 18:00'],
    links: [payLink, statusLink],
  },
  {
    name: 'payment received',
    mail: paid,
    shown: ['Open Pairs & Mixed', '60,00\u00a0€'],
    links: [statusLink],
  },
  {
    name: 'expired',
    mail: expired,
    shown: ['Open Pairs & Mixed', 'Vilnius Cup 2027'],
    links: [registerLink],
  },
  {
    name: 'canceled',
    mail: canceled,
    shown: ['Open Pairs & Mixed', 'Vilnius Cup 2027'],
    links: [statusLink],
  },
  {
    name: 'moved',
    mail: moved,
    shown: ['Vilnius Cup 2027', 'Open Pairs & Mixed', 'Women’s Pairs'],
    links: [statusLink],
  },
]

describe('renderRegistrationMail', () => {
  describe.each(interfaceLocales)('in %s', (locale) => {
    it.each(samples)('renders $name with its values and links', ({ mail, shown, links }) => {
      const rendered = renderRegistrationMail(mail, locale)
      expect(rendered.subject.trim()).not.toBe('')
      expect(rendered.subject).not.toMatch(/[\r\n]/)
      expect(rendered.text.trim()).not.toBe('')
      expect(rendered.html).toContain(`<html lang="${locale}">`)
      expect(rendered.html).toMatch(/<h1 [^>]*>[^<]+<\/h1>/)
      for (const value of shown) {
        expect(rendered.text, value).toContain(value)
        expect(rendered.html, value).toContain(escapeHtml(value))
      }
      for (const link of links) {
        expect(rendered.text.split('\n')).toContain(link)
        expect(rendered.html).toContain(`href="${escapeHtml(link)}"`)
      }
      if (locale !== 'en') {
        const english = renderRegistrationMail(mail, 'en')
        expect(rendered.subject).not.toBe(english.subject)
        expect(rendered.text).not.toBe(english.text)
      }
    })

    it('names the tournament in every subject', () => {
      for (const { mail } of samples) {
        const tournament = mail.kind === 'registrationMoved' ? mail.toTournament : mail.tournamentName
        expect(renderRegistrationMail(mail, locale).subject).toContain(tournament)
      }
    })
  })

  it('writes the English texts', () => {
    const transfer = renderRegistrationMail(bankTransfer, 'en')
    expect(transfer.subject).toBe('Registration received: Open Pairs & Mixed, Vilnius Cup 2027')
    expect(transfer.text).toContain('We have your registration for Open Pairs & Mixed at Vilnius Cup 2027.')
    expect(transfer.text).toContain(
      'Your entry is reserved until 12 March 2027, 18:00. Please transfer 60,00\u00a0€ to Lietuvos bridžo sąjunga, ' +
        'IBAN LT12 1000 0111 0100 1000, BIC HABALT22, with the reference RF18 5390 0754 7034.',
    )
    expect(transfer.text).toContain('The reference matters: it is how the organiser finds your payment.')
    expect(transfer.text).toContain('Players: Anna Smith, Jonas Petraitis\n')
    expect(transfer.text).toContain('Total: 60,00\u00a0€')
    expect(transfer.text).toContain('anyone who has it can see your registration')
    expect(transfer.text).toContain(`See your registration:\n${statusLink}`)
    expect(transfer.html).toContain('>See your registration</a>')

    expect(renderRegistrationMail(free, 'en').text).toContain('your registration is confirmed')
    const byCard = renderRegistrationMail(card, 'en')
    expect(byCard.text).toContain('Please pay 60,00\u00a0€ by card')
    expect(byCard.text).toContain(`Pay by card:\n${payLink}`)
    expect(byCard.text.indexOf(payLink)).toBeLessThan(byCard.text.indexOf(statusLink))

    expect(renderRegistrationMail(paid, 'en').subject).toBe(
      'Payment received: Open Pairs & Mixed, Vilnius Cup 2027',
    )
    const released = renderRegistrationMail(expired, 'en')
    expect(released.text).toContain('was not paid in time')
    expect(released.text).toContain(`Register again:\n${registerLink}`)
    expect(released.text).not.toContain(statusLink)
    expect(renderRegistrationMail(canceled, 'en').text).toContain(
      'The organiser has canceled your registration for Open Pairs & Mixed at Vilnius Cup 2027.',
    )
    expect(renderRegistrationMail(moved, 'en').text).toContain(
      'The organiser has moved your registration at Vilnius Cup 2027 from Open Pairs & Mixed to Women’s Pairs.',
    )
  })

  it('leaves out the BIC when the account has none', () => {
    for (const language of interfaceLocales) {
      const withBic = renderRegistrationMail(bankTransfer, language)
      const without = renderRegistrationMail(
        { ...bankTransfer, payment: { ...bankTransfer.payment, bic: null } },
        language,
      )
      expect(without.text).not.toContain('BIC')
      expect(without.text).toContain('LT12 1000 0111 0100 1000')
      expect(without.text).toContain('RF18 5390 0754 7034')
      expect(withBic.text).toContain('BIC HABALT22')
    }
  })

  it('shows no payment instructions for a free entry and no pay button unless paid by card', () => {
    const { text } = renderRegistrationMail(free, 'en')
    expect(text).not.toContain('IBAN')
    expect(text).not.toContain('reserved until')
    expect(text).not.toContain(payLink)
    expect(renderRegistrationMail(bankTransfer, 'en').text).not.toContain(payLink)
  })

  it('leaves out empty fact rows', () => {
    const { text } = renderRegistrationMail({ ...free, contestants: [], ticketLines: [' '] }, 'en')
    expect(text).not.toContain('Players:')
    expect(text).not.toContain('Tickets:')
    expect(text).toContain('Total: 60,00\u00a0€')
  })

  it('falls back to English for any other language', () => {
    for (const { mail } of samples) {
      for (const language of ['de', '', 'tr', 'xx-YY'])
        expect(renderRegistrationMail(mail, language)).toEqual(renderRegistrationMail(mail, 'en'))
    }
    expect(renderRegistrationMail(paid, 'fr-CA')).toEqual(renderRegistrationMail(paid, 'fr'))
  })

  it('gives each kind its outbox kind', () => {
    expect(samples.map(({ mail }) => registrationMailKind(mail))).toEqual([
      'registration.received',
      'registration.received',
      'registration.received',
      'registration.paymentReceived',
      'registration.expired',
      'registration.canceled',
      'registration.moved',
    ])
  })

  describe('names and other untrusted text', () => {
    it('escapes HTML in every name in every language', () => {
      const mails: ReadonlyArray<RegistrationMail> = [
        {
          ...bankTransfer,
          eventName: script,
          tournamentName: script,
          contestants: [script],
          ticketLines: [script],
          payment: { ...bankTransfer.payment, beneficiary: script },
        },
        { ...card, eventName: script, tournamentName: script },
        { ...paid, eventName: script, tournamentName: script },
        { ...expired, eventName: script, tournamentName: script },
        { ...canceled, eventName: script, tournamentName: script },
        { ...moved, eventName: script, fromTournament: script, toTournament: script },
      ]
      for (const language of interfaceLocales) {
        for (const mail of mails) {
          const { html, text } = renderRegistrationMail(mail, language)
          expect(html).not.toContain('<script')
          expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
          expect(text).toContain(script)
        }
      }
    })

    it('escapes quotes and ampersands in names and links', () => {
      const { html } = renderRegistrationMail(
        { ...canceled, tournamentName: 'O’Brien "Cup" & <Pairs>' },
        'en',
      )
      expect(html).toContain('O’Brien &quot;Cup&quot; &amp; &lt;Pairs&gt;')
      expect(html).toContain('href="https://kibitz.example/registration/status/4f9c2a7e?lang=en&amp;x=1"')
    })

    it('keeps the subject on one line and shows escape sequences literally', () => {
      const { subject } = renderRegistrationMail(
        { ...canceled, tournamentName: 'A\r\nBcc: x@example.test \\u000a' },
        'en',
      )
      expect(subject).toBe('Registration canceled: A Bcc: x@example.test \\u000a, Vilnius Cup 2027')
    })

    it('refuses a link that is not an absolute web address', () => {
      expect(() => renderRegistrationMail({ ...canceled, statusLink: '/registration/x' }, 'en')).toThrow(
        /http\(s\) URL/,
      )
      expect(() =>
        renderRegistrationMail(
          { ...card, payment: { ...card.payment, payLink: 'javascript:alert(1)' } },
          'en',
        ),
      ).toThrow(/http\(s\) URL/)
      expect(() => renderRegistrationMail({ ...expired, registerLink: 'register' }, 'en')).toThrow(
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

describe('registration mail catalogues', () => {
  it('hold every message the code uses, in every language, and nothing else', async () => {
    const ids = [...new Set((await extractMessages()).map((message) => message.id))].sort()
    expect(ids.length).toBeGreaterThan(20)
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

  it('put a narrow no-break space, never a plain one, before French : ; ? !', () => {
    for (const [id, translation] of readCatalog(readPo('fr'))) {
      expect(translation, id).not.toMatch(/[ \u00a0][:;?!]/)
      expect(translation, id).not.toMatch(/[^\u202f{][:;?!]/)
    }
  })

  it.each(interfaceLocales)(
    'are compiled: locales/%s/messages.ts matches a fresh compile of the .po',
    (locale) => {
      const committed = readFileSync(catalogFiles(locale).module, 'utf8')
      expect(committed).toBe(catalogModuleSource(locale, readPo(locale)))
      expect(committed).toContain('npm run i18n:mail -w @kibitz/registration')
    },
  )
})
