// Lighthouse (npm package `lighthouse`, in the Chromium scripts/browser.ts finds) on the public pages a visitor
// lands on: accessibility, SEO and best practices must be 100; the performance score (mobile emulation with its
// default throttling) is reported. Each failing audit is listed so a regression says what broke.
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { findBrowser } from '../browser.ts'
import { type Figure, figure } from './measure.ts'

export interface LighthousePage {
  readonly name: string
  readonly path: string
}

export interface LighthouseResult {
  readonly figures: ReadonlyArray<Figure>
  /** Audits below full marks in the categories that must be 100, per page. */
  readonly failures: ReadonlyArray<string>
}

const categories = ['accessibility', 'seo', 'best-practices', 'performance'] as const

/** The first elements an audit names (their HTML), so a report says where to look. */
const offenders = (details: unknown): string => {
  const items = typeof details === 'object' && details !== null ? Reflect.get(details, 'items') : undefined
  if (!Array.isArray(items)) return ''
  const snippets = items.slice(0, 3).flatMap((item: unknown) => {
    const node = typeof item === 'object' && item !== null ? Reflect.get(item, 'node') : undefined
    const snippet = typeof node === 'object' && node !== null ? Reflect.get(node, 'snippet') : undefined
    return typeof snippet === 'string' ? [`\`${snippet.slice(0, 120)}\``] : []
  })
  return snippets.length > 0 ? ` (${snippets.join(', ')})` : ''
}

/** Runs Lighthouse on each page of the site at `baseUrl`. */
export const lighthouseScenario = async (
  baseUrl: string,
  pages: ReadonlyArray<LighthousePage>,
): Promise<LighthouseResult> => {
  const chrome = await launch({
    chromePath: (await findBrowser()).path,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const figures: Array<Figure> = []
  const failures: Array<string> = []
  try {
    for (const page of pages) {
      const result = await lighthouse(`${baseUrl}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        // The cookie banner would cover the page for a first visit; a returning visitor has decided.
        extraHeaders: { cookie: 'cookie_consent=2' },
      })
      if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`)
      const { lhr } = result
      for (const category of categories) {
        const score = Math.round((lhr.categories[category]?.score ?? 0) * 100)
        const must = category !== 'performance'
        figures.push(
          figure(
            'Lighthouse',
            `lighthouse.${page.name}.${category}`,
            `${page.name}: ${category}`,
            score,
            '',
            {
              better: 'higher',
              tracked: true,
              ...(must ? { goal: 100 } : {}),
            },
          ),
        )
        if (!must) continue
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id]
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            failures.push(
              `${page.name} · ${category} · ${audit.id}: ${audit.title}${offenders(audit.details)}`,
            )
        }
      }
    }
  } finally {
    chrome.kill()
  }
  return { figures, failures }
}
