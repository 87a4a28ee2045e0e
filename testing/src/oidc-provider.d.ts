// oidc-provider ships no type declarations (and @types/oidc-provider is not installed): this
// describes only the part of its v9 API that testing/src/oidc.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface ClientMetadata {
    client_id: string
    client_secret?: string
    redirect_uris: ReadonlyArray<string>
    grant_types?: ReadonlyArray<string>
    response_types?: ReadonlyArray<string>
    token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post' | 'none'
  }

  export interface Account {
    accountId: string
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>
  }

  export interface InteractionPrompt {
    name: string
    details: {
      missingOIDCScope?: ReadonlyArray<string>
      missingOIDCClaims?: ReadonlyArray<string>
      missingResourceScopes?: Record<string, ReadonlyArray<string>>
    }
  }

  export interface Interaction {
    uid: string
    prompt: InteractionPrompt
    params: Record<string, unknown>
    grantId?: string
    session?: { accountId: string }
  }

  export interface InteractionResults {
    login?: { accountId: string }
    consent?: { grantId: string }
    error?: string
    error_description?: string
  }

  /** A client as the feature policies see it. */
  export interface PolicyClient {
    readonly clientId: string
  }

  /** A token as the feature policies see it. */
  export interface PolicyToken {
    readonly clientId: string
  }

  /**
   * A feature switch; `allowedPolicy` (introspection, revocation) decides whether the authenticated
   * `client` may act on `token`.
   */
  export interface Feature {
    enabled: boolean
    allowedPolicy?: (ctx: unknown, client: PolicyClient, token: PolicyToken) => boolean | Promise<boolean>
  }

  export interface Configuration {
    clients?: ReadonlyArray<ClientMetadata>
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined> | Account | undefined
    claims?: Record<string, ReadonlyArray<string>>
    features?: Record<string, Feature>
    interactions?: { url: (ctx: unknown, interaction: Interaction) => string }
    cookies?: { keys: ReadonlyArray<string> }
    ttl?: Record<string, number>
    jwks?: { keys: ReadonlyArray<JsonWebKey> }
    pkce?: { required: () => boolean }
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: ReadonlyArray<string>): void
    addResourceScope(indicator: string, scope: string): void
    save(): Promise<string>
  }

  export interface GrantClass {
    new (properties: { accountId: string; clientId: string }): Grant
    find(id: string): Promise<Grant | undefined>
  }

  export class Provider {
    constructor(issuer: string, configuration: Configuration)
    readonly issuer: string
    readonly Grant: GrantClass
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    on(event: string, listener: (...args: ReadonlyArray<unknown>) => void): this
  }

  export default Provider
}
