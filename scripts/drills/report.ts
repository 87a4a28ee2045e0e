import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

// What a drill reports: its verdict, its measured figures and, when it failed, every reason; the run ends
// with one table of all of them, printed and written to reports/drills.md.

export type Figures = ReadonlyArray<readonly [string, string]>

export type Verdict = 'PASS' | 'FAIL' | 'SKIP'

export interface DrillResult {
  readonly number: number
  readonly title: string
  readonly verdict: Verdict
  /** The figure the summary table shows (the recovery time, the reconciliation in one line). */
  readonly headline: string
  readonly figures: Figures
  readonly problems: ReadonlyArray<string>
  readonly seconds: number
}

const width = (rows: ReadonlyArray<ReadonlyArray<string>>, column: number) =>
  Math.max(...rows.map((row) => (row[column] ?? '').length))

/** A plain-text table whose columns line up in a terminal. */
const textTable = (rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  const widths = (rows[0] ?? []).map((_, column) => width(rows, column))
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** One drill's block as it finishes. */
export const printDrill = (result: DrillResult): void => {
  console.log(
    `\n[${result.verdict}] drill ${result.number}: ${result.title} (${result.seconds.toFixed(0)} s)`,
  )
  for (const [label, value] of result.figures) console.log(`  ${label}: ${value}`)
  for (const problem of result.problems) console.log(`  ✗ ${problem}`)
}

const summaryRows = (results: ReadonlyArray<DrillResult>) => [
  ['#', 'drill', 'result', 'time', 'figures'],
  ...results.map((r) => [String(r.number), r.title, r.verdict, `${r.seconds.toFixed(0)} s`, r.headline]),
]

export const printSummary = (results: ReadonlyArray<DrillResult>): void => {
  console.log(`\n${textTable(summaryRows(results))}`)
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** reports/drills.md: the summary table, then each drill's figures and problems. */
export const writeReport = async (
  root: string,
  results: ReadonlyArray<DrillResult>,
  context: Figures,
): Promise<string> => {
  const file = path.join(root, 'reports', 'drills.md')
  const rows = summaryRows(results)
  const lines = [
    '# Fault drills',
    '',
    ...context.map(([label, value]) => `- ${label}: ${value}`),
    '',
    `| ${(rows[0] ?? []).join(' | ')} |`,
    `|${(rows[0] ?? []).map(() => '---').join('|')}|`,
    ...rows.slice(1).map((row) => `| ${row.map(cell).join(' | ')} |`),
    '',
    ...results.flatMap((r) => [
      `## ${r.number}. ${r.title}: ${r.verdict}`,
      '',
      ...r.figures.map(([label, value]) => `- ${label}: ${value}`),
      ...(r.problems.length > 0 ? ['', '**Problems**', '', ...r.problems.map((p) => `- ${p}`)] : []),
      '',
    ]),
  ]
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, `${lines.join('\n')}\n`)
  return file
}
