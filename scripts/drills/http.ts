import { setTimeout as sleep } from 'node:timers/promises'

// HTTP as the drills' simulated clients see it: every attempt has a deadline (an answer slower than that is
// a hang, and the attempt is abandoned), and a refused or cut connection is an answer of its own kind rather
// than an exception, because during a drill it is expected.

export type Attempt =
  | {
      readonly kind: 'answer'
      readonly status: number
      readonly headers: Headers
      readonly body: string
      readonly ms: number
    }
  | { readonly kind: 'network'; readonly message: string; readonly ms: number }
  | { readonly kind: 'hang'; readonly ms: number }

const causeOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error)
  const cause: unknown = error.cause
  if (cause instanceof Error)
    return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message
  return error.message
}

/** One request with a deadline of `timeoutMs`; the body is read within the same deadline. */
export const attempt = async (url: string, init: RequestInit, timeoutMs: number): Promise<Attempt> => {
  const started = performance.now()
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), timeoutMs)
  try {
    const response = await fetch(url, { ...init, signal: abort.signal })
    const body = await response.text()
    return {
      kind: 'answer',
      status: response.status,
      headers: response.headers,
      body,
      ms: performance.now() - started,
    }
  } catch (error) {
    const ms = performance.now() - started
    if (abort.signal.aborted) return { kind: 'hang', ms }
    return { kind: 'network', message: causeOf(error), ms }
  } finally {
    clearTimeout(timer)
  }
}

/** Polls GET `path` until it answers 200; resolves with the ms it took, or rejects after `limitMs`. */
export const waitFor200 = async (baseUrl: string, path: string, limitMs: number): Promise<number> => {
  const started = performance.now()
  let last = 'no answer'
  while (performance.now() - started < limitMs) {
    const result = await attempt(`${baseUrl}${path}`, {}, 2_000)
    if (result.kind === 'answer' && result.status === 200) return performance.now() - started
    last = result.kind === 'answer' ? `${result.status} ${result.body.slice(0, 200)}` : result.kind
    await sleep(100)
  }
  throw new Error(`GET ${path} not 200 within ${(limitMs / 1000).toFixed(0)} s (last: ${last})`)
}
