import { encodeSearchFilter, eventStateIds, eventTypeIds, type SearchFilter } from '@kibitz/kernel'
import { createFileRoute } from '@tanstack/react-router'

/**
 * The search form's plain GET target: folds the form fields into the one `q` parameter the catalogue
 * keeps its filters in, and redirects there. Works with JavaScript off.
 */
export const Route = createFileRoute('/search')({
  server: {
    handlers: {
      GET: ({ request }) => {
        const params = new URL(request.url).searchParams
        const text = params.get('text')?.trim()
        const types = eventTypeIds.filter((id) => params.getAll('type').includes(String(id)))
        const states = eventStateIds.filter((id) => params.getAll('state').includes(id))
        const from = params.get('from')?.trim()
        const to = params.get('to')?.trim()
        const filter: SearchFilter = {
          ...(text ? { text } : {}),
          ...(types.length ? { eventTypes: types } : {}),
          ...(states.length ? { eventStates: states } : {}),
          ...(from ? { startDate: from } : {}),
          ...(to ? { endDate: to } : {}),
          ...(params.get('month') === '1' ? { monthOnly: true } : {}),
          ...(params.get('online') === '1' ? { online: true } : {}),
          ...(params.get('live') === '1' ? { live: true } : {}),
          ...(/^[A-Za-z]{2}$/.test(params.get('country') ?? '')
            ? { country: (params.get('country') ?? '').toUpperCase() }
            : {}),
        }
        const q = encodeSearchFilter(filter)
        const location = q ? `/search-filter?${new URLSearchParams({ q })}` : '/search-filter'
        return new Response(null, { status: 303, headers: { location } })
      },
    },
  },
})
