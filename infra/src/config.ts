import { type SocialProviderConfig, socialProvidersFromEnv } from '@kibitz/accounts'

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
  readonly storage: 'local' | 's3' | 'uploadthing'
  readonly adminEmail: string
  readonly adminPassword: string
  readonly production: boolean
  readonly version: string
}

/** A setting that cannot be used; `message` is one line naming the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

const storages = ['local', 's3', 'uploadthing'] as const
const isStorage = (value: string): value is AppConfig['storage'] => storages.some((s) => s === value)

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
  const storage = env.STORAGE?.trim() || 'local'
  if (!isStorage(storage)) {
    throw new ConfigError(`STORAGE must be one of ${storages.join(', ')} (got ${JSON.stringify(storage)})`)
  }
  // Uploaded files must not land on local disk while the operator believes they go elsewhere (decision 013).
  if (storage !== 'local') {
    throw new ConfigError(`STORAGE=${storage} is not available in this version yet; use local (the default)`)
  }
  const adminEmail = env.ADMIN_EMAIL?.trim() || 'admin@kibitz.local'
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL is not an e-mail address (got ${JSON.stringify(adminEmail)})`)
  }
  const production = env.NODE_ENV === 'production'
  const adminPassword = env.ADMIN_PASSWORD ?? (production ? '' : 'kibitz-demo')
  if (production && adminPassword.length < 12) {
    throw new ConfigError('ADMIN_PASSWORD must be set to at least 12 characters when NODE_ENV=production')
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
  }
}
