import { describe, expect, it } from 'vitest'
import { renderHeader, renderModeOf } from '../src/lib/render.ts'

// How a page is served is read from its matched routes before the router serializes its state: a static page's
// state is never written (app/src/router.tsx), so the answer must agree with the response header the edge reads.

const match = (mode: string | null, status = 'success', notFound = false) => ({
  status,
  _notFound: notFound,
  ...(mode === null ? {} : { headers: { [renderHeader]: mode } }),
})

describe('renderModeOf', () => {
  it('is the last rendered route that says, as merged response headers are', () => {
    expect(renderModeOf([match(null), match('static')])).toBe('static')
    expect(renderModeOf([match(null), match('static'), match('hydrate')])).toBe('hydrate')
    expect(renderModeOf([match(null), match('hydrate'), match(null)])).toBe('hydrate')
  })

  it('is null when no route says', () => {
    expect(renderModeOf([match(null), match(null)])).toBeNull()
    expect(renderModeOf([])).toBeNull()
  })

  it('stops at the first route that failed or found nothing, as the rendered matches do', () => {
    expect(renderModeOf([match(null), match('static', 'error'), match('hydrate')])).toBe('static')
    expect(renderModeOf([match('static'), match(null, 'success', true), match('hydrate')])).toBe('static')
  })
})
