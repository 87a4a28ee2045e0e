import { notFound, redirect } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hiddenFailures } from '../src/start.ts'

// The global server-function middleware: what an unexpected failure tells the browser.

const server = hiddenFailures.options.server
if (server === undefined) throw new Error('hiddenFailures has no server part')

/** Runs the middleware around a "handler" that throws `error`, and gives back what it threw. */
const thrownAround = async (error: unknown): Promise<unknown> => {
  try {
    await Reflect.apply(server, undefined, [
      {
        next: () => {
          throw error
        },
      },
    ])
  } catch (thrown) {
    return thrown
  }
  throw new Error('the middleware swallowed the failure')
}

describe('hiddenFailures', () => {
  afterEach(() => vi.restoreAllMocks())

  it('gives a database error back as one generic message and logs the real one', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const dbError = new Error(
      'insert into "event" … duplicate key value violates unique constraint "event_alias_unique" - Key (alias)=(x-2031)',
    )
    const thrown = await thrownAround(dbError)
    expect(thrown).toBeInstanceOf(Error)
    expect(thrown instanceof Error && thrown.message).toBe('Internal server error')
    expect(log).toHaveBeenCalledWith('server function failed', dbError)
  })

  it('lets redirects, not-found and the validator refusal through unchanged', async () => {
    const moved = redirect({ to: '/login' })
    expect(await thrownAround(moved)).toBe(moved)
    const missing = notFound()
    expect(await thrownAround(missing)).toBe(missing)
    const refusal = new Error(JSON.stringify([{ message: 'Expected string', path: ['token'] }], undefined, 2))
    expect(await thrownAround(refusal)).toBe(refusal)
  })

  it('passes a result through', async () => {
    const result = await Reflect.apply(server, undefined, [{ next: async () => ({ result: 42 }) }])
    expect(result).toEqual({ result: 42 })
  })
})
