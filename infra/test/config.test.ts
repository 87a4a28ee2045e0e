import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.ts'

describe('loadConfig', () => {
  describe('mailFrom', () => {
    it('defaults to Kibitz at the host name of PUBLIC_URL', () => {
      expect(loadConfig({ PUBLIC_URL: 'https://bridge.example.org/' }).mailFrom).toBe(
        'Kibitz <no-reply@bridge.example.org>',
      )
    })

    it('defaults to the listening host when PUBLIC_URL is unset', () => {
      expect(loadConfig({ HOST: '127.0.0.1', PORT: '3100' }).mailFrom).toBe('Kibitz <no-reply@127.0.0.1>')
    })

    it('takes MAIL_FROM as a bare address or with a display name', () => {
      expect(loadConfig({ MAIL_FROM: ' events@example.org ' }).mailFrom).toBe('events@example.org')
      expect(loadConfig({ MAIL_FROM: '"Kibitz, Warsaw" <events@example.org>' }).mailFrom).toBe(
        '"Kibitz, Warsaw" <events@example.org>',
      )
    })

    it.each(['Kibitz', 'Kibitz <>', 'no-reply@', 'a@b, c@d', 'Kibitz <a@b'])(
      'refuses %j with a one-line ConfigError naming MAIL_FROM',
      (value) => {
        const load = () => loadConfig({ MAIL_FROM: value })
        expect(load).toThrow(ConfigError)
        expect(load).toThrow(/^MAIL_FROM must be an e-mail address[^\n]*$/)
      },
    )
  })

  describe('storage', () => {
    it('is local by default', () => {
      expect(loadConfig({}).storage).toBe('local')
    })

    it.each(['s3', 'uploadthing'])(
      'refuses %s until its adapter exists, rather than writing to local disk',
      (value) => {
        expect(() => loadConfig({ STORAGE: value })).toThrow(
          `STORAGE=${value} is not available in this version yet; use local (the default)`,
        )
      },
    )
  })
})
