// The order of the domains (../shared/ARCHITECTURE.md, docs/decisions/038): a domain's source imports only the
// domains below it, through their package entry, never app/, jobs/, infra/ or testing/, and declares in its
// package.json every domain it imports. A new upward import fails here with the file and the line.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Each domain's level: it may import only domains of a lower level (files and accounts: avatars are files). */
const level: Readonly<Record<string, number>> = {
  kernel: 0,
  files: 1,
  deals: 1,
  accounts: 2,
  events: 3,
  tournaments: 4,
  pages: 4,
  hotels: 4,
  registration: 5,
}
const edges = new Set(['app', 'jobs', 'infra', 'testing'])

const sourcesOf = (folder: string): ReadonlyArray<string> =>
  readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name)
    if (statSync(full).isDirectory()) return sourcesOf(full)
    return /\.tsx?$/.test(name) ? [full] : []
  })

interface Import {
  readonly file: string
  readonly line: number
  readonly target: string
}

/** Every `@kibitz/<name>` a domain's source imports (static, dynamic and type-only alike). */
const importsOf = (domain: string): ReadonlyArray<Import> =>
  sourcesOf(path.join(root, 'domains', domain, 'src')).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, index) =>
        [...text.matchAll(/['"]@kibitz\/([a-z-]+)(?:\/[^'"]*)?['"]/g)].map((m) => ({
          file: path.relative(root, file),
          line: index + 1,
          target: m[1] ?? '',
        })),
      ),
  )

const PackageJson = Schema.Struct({
  dependencies: Schema.optional(Schema.Record(Schema.String, Schema.String)),
})
const declaredOf = (domain: string): ReadonlySet<string> => {
  const json = Schema.decodeUnknownSync(Schema.fromJsonString(PackageJson))(
    readFileSync(path.join(root, 'domains', domain, 'package.json'), 'utf8'),
  )
  return new Set(
    Object.keys(json.dependencies ?? {})
      .filter((name) => name.startsWith('@kibitz/'))
      .map((name) => name.slice('@kibitz/'.length)),
  )
}

const domains = readdirSync(path.join(root, 'domains')).filter((name) =>
  statSync(path.join(root, 'domains', name, 'src')).isDirectory(),
)

describe('the order of the domains', () => {
  it('knows every domain', () => {
    expect(domains.filter((d) => level[d] === undefined)).toEqual([])
  })

  for (const domain of domains) {
    it(`${domain} imports only the domains below it, and declares them`, () => {
      const imports = importsOf(domain).filter((i) => i.target !== domain)
      const upward = imports
        .filter((i) => edges.has(i.target) || (level[i.target] ?? Infinity) >= (level[domain] ?? 0))
        .map((i) => `${i.file}:${i.line} imports @kibitz/${i.target}`)
      expect(upward).toEqual([])
      const declared = declaredOf(domain)
      const undeclared = [...new Set(imports.map((i) => i.target))].filter((t) => !declared.has(t))
      expect(undeclared, `@kibitz packages ${domain}/package.json should list`).toEqual([])
    })
  }
})
