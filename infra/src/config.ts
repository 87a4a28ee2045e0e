import { type SocialProviderConfig, socialProvidersFromEnv } from '@kibitz/accounts'
import { parseUploadThingToken, type S3StorageConfig, type UploadThingStorageConfig } from '@kibitz/files'
import { Option } from 'effect'

/** Where uploaded files go (STORAGE): local disk under DATA_DIR/files, an S3-compatible bucket, or UploadThing. */
export type StorageSettings =
  | { readonly kind: 'local' }
  | { readonly kind: 's3'; readonly s3: S3StorageConfig }
  | { readonly kind: 'uploadthing'; readonly uploadthing: UploadThingStorageConfig }

/** The runtime contract of ARCHITECTURE.md: every setting comes from the environment, checked at start. */
export interface AppConfig {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly publicUrl: string
  readonly smtpUrl: string | undefined
  /** The From of every e-mail: an address, optionally with a display name (`Kibitz <no-reply@host>`). */
  readonly mailFrom: string
  /** Social sign-in providers with a client id and secret (FACEBOOK_*, GOOGLE_*, VK_*). */
  readonly social: ReadonlyArray<SocialProviderConfig>
  readonly storage: StorageSettings
  readonly adminEmail: string
  readonly adminPassword: string
  readonly production: boolean
  readonly version: string
  readonly registration: RegistrationSettings
  /** PAGE_CACHE_SECONDS (default 10; 0 turns it off): how long a web process reuses an anonymous page. */
  readonly pageCacheSeconds: number
  /** FILE_QUOTA_MB (default 1024): how much each organiser may keep in their file tree, in megabytes. */
  readonly fileQuotaBytes: number
}

/** Registration (issue 5): how long an unpaid entry holds its places, card payments, the federation lookup. */
export interface RegistrationSettings {
  /** REGISTRATION_HOLD_HOURS (default 72): an unpaid entry expires after this and frees its tickets. */
  readonly holdHours: number
  /** Stripe Checkout when STRIPE_SECRET_KEY is set (STRIPE_WEBHOOK_SECRET required then; STRIPE_API_BASE for tests). */
  readonly stripe: {
    readonly apiBase: string
    readonly secretKey: string
    readonly webhookSecret: string
  } | null
  /** The federation member service when FEDERATION_LOOKUP_URL is set (FEDERATION_GATEWAY_URL tried first). */
  readonly federation: {
    readonly directUrl: string
    readonly gatewayUrl: string | null
    readonly apiKey: string | null
  } | null
}

/** FILE_QUOTA_MB: a whole number of megabytes from 1 to 10,000,000 (default 1024). */
const fileQuotaFrom = (env: Readonly<Record<string, string | undefined>>): number => {
  const raw = env.FILE_QUOTA_MB?.trim() || '1024'
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 10_000_000) {
    throw new ConfigError(
      `FILE_QUOTA_MB must be a whole number of megabytes from 1 to 10000000 (got ${JSON.stringify(env.FILE_QUOTA_MB)})`,
    )
  }
  return Number(raw) * 1024 * 1024
}

const registrationFrom = (env: Readonly<Record<string, string | undefined>>): RegistrationSettings => {
  const rawHours = env.REGISTRATION_HOLD_HOURS?.trim() || '72'
  if (!/^\d+$/.test(rawHours) || Number(rawHours) < 1 || Number(rawHours) > 720) {
    throw new ConfigError(
      `REGISTRATION_HOLD_HOURS must be a whole number of hours from 1 to 720 (got ${JSON.stringify(env.REGISTRATION_HOLD_HOURS)})`,
    )
  }
  const secretKey = env.STRIPE_SECRET_KEY?.trim()
  const stripe = secretKey
    ? {
        secretKey,
        webhookSecret: required(env, 'STRIPE_SECRET_KEY', ['STRIPE_WEBHOOK_SECRET'])('STRIPE_WEBHOOK_SECRET'),
        apiBase: url('STRIPE_API_BASE', env.STRIPE_API_BASE?.trim() || 'https://api.stripe.com', [
          'http:',
          'https:',
        ]).replace(/\/+$/, ''),
      }
    : null
  const directUrl = env.FEDERATION_LOOKUP_URL?.trim()
  const gatewayUrl = env.FEDERATION_GATEWAY_URL?.trim()
  const federation = directUrl
    ? {
        directUrl: url('FEDERATION_LOOKUP_URL', directUrl, ['http:', 'https:']).replace(/\/+$/, ''),
        gatewayUrl: gatewayUrl
          ? url('FEDERATION_GATEWAY_URL', gatewayUrl, ['http:', 'https:']).replace(/\/+$/, '')
          : null,
        apiKey: env.FEDERATION_API_KEY?.trim() || null,
      }
    : null
  return { holdHours: Number(rawHours), stripe, federation }
}

/** A setting that cannot be used; `message` is one line naming the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

const storages = ['local', 's3', 'uploadthing'] as const
const isStorage = (value: string): value is StorageSettings['kind'] => storages.some((s) => s === value)

const url = (name: string, value: string, protocols: ReadonlyArray<string>): string => {
  let parsed: URL
  try {
    parsed = new URL(value)
  } catch {
    throw new ConfigError(`${name} is not a valid URL: ${JSON.stringify(value)}`)
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')} (got ${parsed.protocol})`)
  }
  return value
}

/** Checks that `names` are all set (a ConfigError for `what` names every one that is not); reads them trimmed. */
const required = <const N extends string>(
  env: Readonly<Record<string, string | undefined>>,
  what: string,
  names: ReadonlyArray<N>,
): ((name: N) => string) => {
  const missing = names.filter((name) => !env[name]?.trim())
  if (missing.length > 0) throw new ConfigError(`${what} needs ${missing.join(', ')} to be set`)
  return (name) => env[name]?.trim() ?? ''
}

const flag = (name: string, value: string | undefined): boolean => {
  const v = value?.trim().toLowerCase() ?? ''
  if (v === '' || v === 'false' || v === '0') return false
  if (v === 'true' || v === '1') return true
  throw new ConfigError(`${name} must be true or false (got ${JSON.stringify(value)})`)
}

/** S3 bucket names (AWS rules, which MinIO, R2 and the other compatible stores follow). */
const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

const s3From = (env: Readonly<Record<string, string | undefined>>): S3StorageConfig => {
  const value = required(env, 'STORAGE=s3', [
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ])
  const bucket = value('S3_BUCKET')
  if (!bucketName.test(bucket)) {
    throw new ConfigError(
      `S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got ${JSON.stringify(bucket)})`,
    )
  }
  const region = value('S3_REGION')
  if (!/^[a-z0-9-]+$/.test(region)) {
    throw new ConfigError(
      `S3_REGION must be a region name such as eu-central-1 (got ${JSON.stringify(region)})`,
    )
  }
  return {
    endpoint: url('S3_ENDPOINT', value('S3_ENDPOINT'), ['http:', 'https:']).replace(/\/+$/, ''),
    region,
    bucket,
    accessKeyId: value('S3_ACCESS_KEY_ID'),
    secretAccessKey: value('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE),
  }
}

const uploadThingFrom = (env: Readonly<Record<string, string | undefined>>): UploadThingStorageConfig => {
  const token = required(env, 'STORAGE=uploadthing', ['UPLOADTHING_TOKEN'])('UPLOADTHING_TOKEN')
  if (Option.isNone(parseUploadThingToken(token))) {
    throw new ConfigError(
      'UPLOADTHING_TOKEN is not an UploadThing token (base64 JSON of apiKey, appId and regions, as the dashboard gives it)',
    )
  }
  const optionalUrl = (name: string) => {
    const value = env[name]?.trim()
    return value ? url(name, value, ['http:', 'https:']).replace(/\/+$/, '') : undefined
  }
  return { token, apiUrl: optionalUrl('UPLOADTHING_API_URL'), ufsUrl: optionalUrl('UPLOADTHING_UFS_URL') }
}

/** STORAGE, defaulting to uploadthing when UPLOADTHING_TOKEN is set and to local otherwise. */
const storageFrom = (env: Readonly<Record<string, string | undefined>>): StorageSettings => {
  const kind = env.STORAGE?.trim() || (env.UPLOADTHING_TOKEN?.trim() ? 'uploadthing' : 'local')
  if (!isStorage(kind)) {
    throw new ConfigError(`STORAGE must be one of ${storages.join(', ')} (got ${JSON.stringify(kind)})`)
  }
  switch (kind) {
    case 'local':
      return { kind }
    case 's3':
      return { kind, s3: s3From(env) }
    case 'uploadthing':
      return { kind, uploadthing: uploadThingFrom(env) }
  }
}

/** `a@b` or `Display Name <a@b>`: one mailbox, as an SMTP From header may hold it, no line breaks. */
const mailbox =
  /^(?:[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+|[^<>@\r\n]*<[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+>)$/

/** The public host name when it can stand after the @ of an address (an IPv6 literal cannot), else localhost. */
const mailHost = (publicUrl: string) => {
  const hostname = URL.canParse(publicUrl) ? new URL(publicUrl).hostname : ''
  return /^[A-Za-z0-9.-]+$/.test(hostname) ? hostname : 'localhost'
}

const socialFrom = (
  env: Readonly<Record<string, string | undefined>>,
): ReadonlyArray<SocialProviderConfig> => {
  try {
    return socialProvidersFromEnv(env)
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error))
  }
}

/** Reads and validates the environment; throws ConfigError with a one-line message. */
export const loadConfig = (env: Readonly<Record<string, string | undefined>>): AppConfig => {
  const rawPort = env.PORT?.trim() || '3000'
  if (!/^\d+$/.test(rawPort) || Number(rawPort) < 1 || Number(rawPort) > 65535) {
    throw new ConfigError(`PORT must be a number from 1 to 65535 (got ${JSON.stringify(env.PORT)})`)
  }
  const port = Number(rawPort)
  const host = env.HOST?.trim() || '127.0.0.1'
  const databaseUrl = env.DATABASE_URL?.trim()
    ? url('DATABASE_URL', env.DATABASE_URL.trim(), ['postgres:', 'postgresql:'])
    : undefined
  const smtpUrl = env.SMTP_URL?.trim() ? url('SMTP_URL', env.SMTP_URL.trim(), ['smtp:', 'smtps:']) : undefined
  const publicUrl = env.PUBLIC_URL?.trim()
    ? url('PUBLIC_URL', env.PUBLIC_URL.trim(), ['http:', 'https:']).replace(/\/+$/, '')
    : `http://${host}:${port}`
  const mailFrom = env.MAIL_FROM?.trim() || `Kibitz <no-reply@${mailHost(publicUrl)}>`
  if (!mailbox.test(mailFrom)) {
    throw new ConfigError(
      `MAIL_FROM must be an e-mail address, optionally with a name as in "Kibitz <no-reply@example.org>" (got ${JSON.stringify(mailFrom)})`,
    )
  }
  const storage = storageFrom(env)
  const adminEmail = env.ADMIN_EMAIL?.trim() || 'admin@kibitz.local'
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL is not an e-mail address (got ${JSON.stringify(adminEmail)})`)
  }
  // The launcher keeps the operator's NODE_ENV choice in KIBITZ_PRODUCTION and runs libraries with
  // NODE_ENV=production (scripts/start.ts); anywhere else NODE_ENV decides.
  const production =
    env.KIBITZ_PRODUCTION === undefined ? env.NODE_ENV === 'production' : env.KIBITZ_PRODUCTION === '1'
  const adminPassword = env.ADMIN_PASSWORD ?? (production ? '' : 'kibitz-demo')
  if (production && adminPassword.length < 12) {
    throw new ConfigError('ADMIN_PASSWORD must be set to at least 12 characters when NODE_ENV=production')
  }
  const rawCache = env.PAGE_CACHE_SECONDS?.trim() || '10'
  if (!/^\d+$/.test(rawCache) || Number(rawCache) > 3600) {
    throw new ConfigError(
      `PAGE_CACHE_SECONDS must be a whole number of seconds from 0 to 3600 (got ${JSON.stringify(env.PAGE_CACHE_SECONDS)})`,
    )
  }
  return {
    port,
    host,
    dataDir: env.DATA_DIR?.trim() || '.data',
    databaseUrl,
    publicUrl,
    smtpUrl,
    mailFrom,
    social: socialFrom(env),
    storage,
    adminEmail,
    adminPassword,
    production,
    version: env.KIBITZ_VERSION?.trim() || '0.1.0',
    registration: registrationFrom(env),
    pageCacheSeconds: Number(rawCache),
    fileQuotaBytes: fileQuotaFrom(env),
  }
}
