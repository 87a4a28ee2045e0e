import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'

// The Content-Security-Policy nonce of the request being answered. The edge (scripts/start.ts) creates it and
// runs the app inside `withNonce`; the app's router stamps it on every script it renders. The edge and the
// app bundle are separate module graphs, so the store lives on globalThis under a registered symbol that both
// find.

const storeKey = Symbol.for('kibitz.cspNonce')

const sharedStore = (): AsyncLocalStorage<string> => {
  const existing: unknown = Reflect.get(globalThis, storeKey)
  if (existing instanceof AsyncLocalStorage) return existing
  const created = new AsyncLocalStorage<string>()
  Reflect.set(globalThis, storeKey, created)
  return created
}

// Random bytes come from the system a few kilobytes at a time: one call per page would cost more than the rest
// of serving a kept page.
let pool = Buffer.alloc(0)
let offset = 0

/** A fresh nonce: 128 random bits, base64url (CSP allows base64 and base64url). */
export const newNonce = (): string => {
  if (offset + 16 > pool.byteLength) {
    pool = randomBytes(4096)
    offset = 0
  }
  const nonce = pool.subarray(offset, offset + 16).toString('base64url')
  offset += 16
  return nonce
}

/** Runs `run` with `nonce` as the request's nonce. */
export const withNonce = <A>(nonce: string, run: () => A): A => sharedStore().run(nonce, run)

/** The nonce of the request being answered; undefined outside the edge (tests, `vite dev`). */
export const currentNonce = (): string | undefined => sharedStore().getStore()
