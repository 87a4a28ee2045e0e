import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.ts'

describe('loadConfig', () => {
  describe('production', () => {
    it('follows NODE_ENV, or KIBITZ_PRODUCTION where the launcher set it (it runs libraries as production)', () => {
      expect(loadConfig({}).production).toBe(false)
      expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-password' }).production).toBe(true)
      expect(loadConfig({ NODE_ENV: 'production', KIBITZ_PRODUCTION: '0' }).production).toBe(false)
      expect(loadConfig({ KIBITZ_PRODUCTION: '1', ADMIN_PASSWORD: 'a-long-password' }).production).toBe(true)
    })

    it('asks for a real ADMIN_PASSWORD in production', () => {
      expect(() => loadConfig({ KIBITZ_PRODUCTION: '1' })).toThrow(/^ADMIN_PASSWORD must be set/)
      expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'short' })).toThrow(ConfigError)
    })

    it('reads FILE_QUOTA_MB, 1024 by default, and refuses nonsense naming it', () => {
      expect(loadConfig({}).fileQuotaBytes).toBe(1024 * 1024 * 1024)
      expect(loadConfig({ FILE_QUOTA_MB: '50' }).fileQuotaBytes).toBe(50 * 1024 * 1024)
      for (const wrong of ['0', 'lots', '1.5', '-3'])
        expect(() => loadConfig({ FILE_QUOTA_MB: wrong })).toThrow(/^FILE_QUOTA_MB must be/)
    })

    it('reads PAGE_CACHE_SECONDS, 10 by default, and refuses nonsense naming it', () => {
      expect(loadConfig({}).pageCacheSeconds).toBe(10)
      expect(loadConfig({ PAGE_CACHE_SECONDS: '0' }).pageCacheSeconds).toBe(0)
      expect(() => loadConfig({ PAGE_CACHE_SECONDS: 'soon' })).toThrow(/^PAGE_CACHE_SECONDS must be/)
      expect(() => loadConfig({ PAGE_CACHE_SECONDS: '7200' })).toThrow(/^PAGE_CACHE_SECONDS must be/)
    })
  })

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
    const s3Env = {
      STORAGE: 's3',
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com/',
      S3_BUCKET: 'kibitz-files',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: ' secret ',
    }
    const token = Buffer.from(
      JSON.stringify({ apiKey: 'sk_live_x', appId: 'app1', regions: ['fra1'] }),
    ).toString('base64')

    it('is local by default', () => {
      expect(loadConfig({}).storage).toEqual({ kind: 'local' })
    })

    it('reads the S3 bucket, region, endpoint and keys, virtual-hosted unless S3_FORCE_PATH_STYLE is true', () => {
      expect(loadConfig(s3Env).storage).toEqual({
        kind: 's3',
        s3: {
          endpoint: 'https://s3.eu-central-1.amazonaws.com',
          region: 'eu-central-1',
          bucket: 'kibitz-files',
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'secret',
          forcePathStyle: false,
        },
      })
      expect(loadConfig({ ...s3Env, S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({
        s3: { forcePathStyle: true },
      })
    })

    it('refuses STORAGE=s3 with a one-line ConfigError naming every missing variable', () => {
      const load = () => loadConfig({ ...s3Env, S3_BUCKET: '', S3_SECRET_ACCESS_KEY: undefined })
      expect(load).toThrow(ConfigError)
      expect(load).toThrow(/^STORAGE=s3 needs S3_BUCKET, S3_SECRET_ACCESS_KEY to be set$/)
      expect(() => loadConfig({ STORAGE: 's3' })).toThrow(
        'STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY to be set',
      )
    })

    it.each([
      ['S3_ENDPOINT', 'ftp://files.example.org', /^S3_ENDPOINT must start with http: or https:/],
      ['S3_BUCKET', 'Kibitz_Files', /^S3_BUCKET must be a bucket name/],
      ['S3_REGION', 'EU Central', /^S3_REGION must be a region name/],
      ['S3_FORCE_PATH_STYLE', 'yes', /^S3_FORCE_PATH_STYLE must be true or false/],
    ])('refuses a bad %s naming it', (name, value, message) => {
      expect(() => loadConfig({ ...s3Env, [name]: value })).toThrow(message)
    })

    it('uses UploadThing when UPLOADTHING_TOKEN is set, with its API and file URLs overridable', () => {
      expect(loadConfig({ UPLOADTHING_TOKEN: token }).storage).toEqual({
        kind: 'uploadthing',
        uploadthing: { token, apiUrl: undefined, ufsUrl: undefined },
      })
      expect(
        loadConfig({
          STORAGE: 'uploadthing',
          UPLOADTHING_TOKEN: token,
          UPLOADTHING_API_URL: 'http://127.0.0.1:7001/',
          UPLOADTHING_UFS_URL: 'https://app1.ufs.sh',
        }).storage,
      ).toEqual({
        kind: 'uploadthing',
        uploadthing: { token, apiUrl: 'http://127.0.0.1:7001', ufsUrl: 'https://app1.ufs.sh' },
      })
      // An explicit STORAGE wins over a token left in the environment.
      expect(loadConfig({ STORAGE: 'local', UPLOADTHING_TOKEN: token }).storage).toEqual({ kind: 'local' })
    })

    it('refuses STORAGE=uploadthing without a token, with a token that is not one, or a bad API URL', () => {
      expect(() => loadConfig({ STORAGE: 'uploadthing' })).toThrow(
        /^STORAGE=uploadthing needs UPLOADTHING_TOKEN to be set$/,
      )
      expect(() => loadConfig({ STORAGE: 'uploadthing', UPLOADTHING_TOKEN: 'sk_live_x' })).toThrow(
        /^UPLOADTHING_TOKEN is not an UploadThing token/,
      )
      expect(() =>
        loadConfig({ UPLOADTHING_TOKEN: token, UPLOADTHING_API_URL: 'api.uploadthing.com' }),
      ).toThrow('UPLOADTHING_API_URL is not a valid URL: "api.uploadthing.com"')
    })

    it('refuses an unknown STORAGE', () => {
      expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(
        'STORAGE must be one of local, s3, uploadthing (got "ftp")',
      )
    })
  })
})
