import { Context } from 'effect'
import type { CurrentUser } from './Account.ts'

// What the accounts service is configured with, and what it is told about a request and answers for a sign-in.

/** Settings the accounts domain needs from the runtime contract. */
export class AccountsConfig extends Context.Service<
  AccountsConfig,
  {
    /** Where links in e-mails point (PUBLIC_URL, no trailing slash). */
    readonly publicUrl: string
    /** The operator-configured super user (ADMIN_EMAIL): its e-mail is owned by the configuration. */
    readonly adminEmail: string
  }
>()('@kibitz/accounts/AccountsConfig') {}

/** Who is asking: the client address (for throttling), its interface language and its device cookie. */
export interface RequestInfo {
  readonly ip: string
  readonly userAgent: string | null
  readonly language: string
  /** The device cookie's token, when the browser sent one (docs/decisions/028-sign-in-throttling.md). */
  readonly device?: string | undefined
}

/**
 * A new session: the raw token goes into the cookie only; the database keeps its hash. `device` is the token
 * of the device cookie that now names this account as known on the browser (the one it sent, or a new one).
 */
export interface SignedIn {
  readonly token: string
  readonly device: string
  readonly user: CurrentUser
}

/** How a social sign-in arrives: an authorization code from our redirect flow, or a token a client holds. */
export type SocialCredential =
  | {
      readonly code: string
      readonly codeVerifier: string
      readonly redirectUri: string
      /** VK ID wants the state and its device id back in the token request. */
      readonly state?: string
      readonly deviceId?: string
    }
  | { readonly accessToken: string }
