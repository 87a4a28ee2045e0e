// The test browser's lookup order (decision 035): CHROMIUM_PATH, the system's, the npm-provided one, Debian's
// through apt-get as root, else one line saying what to install. The machine is replaced by a record of what
// exists and what was called; the last test unpacks and starts the real npm-provided Chromium.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  aptLine,
  type BrowserLookup,
  browserPath,
  browserVersion,
  debianChromium,
  findBrowser,
  machineLookup,
  NoBrowser,
  noBrowserLine,
  systemPaths,
} from '../browser.ts'

interface Machine {
  readonly env?: Record<string, string | undefined>
  /** Executable files before anything is installed. */
  readonly files?: ReadonlyArray<string>
  /** What unpacking the npm Chromium yields (undefined: the package is missing or does not start). */
  readonly npm?: string
  readonly root?: boolean
  /** Whether apt-get install chromium succeeds (it then puts /usr/bin/chromium in place). */
  readonly aptWorks?: boolean
}

/** A fake machine and the calls the lookup made on it. */
const machine = (given: Machine) => {
  const files = new Set(given.files ?? [])
  const calls: Array<string> = []
  const said: Array<string> = []
  const lookup: BrowserLookup = {
    env: given.env ?? {},
    isExecutable: (file) => files.has(file),
    npmChromium: async () => {
      calls.push('npm')
      return given.npm
    },
    isRoot: () => given.root ?? false,
    aptInstall: () => {
      calls.push('apt')
      if (given.aptWorks) files.add(debianChromium)
      return given.aptWorks ?? false
    },
    say: (line) => said.push(line),
  }
  return { lookup, calls, said }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const npmLauncher = '/repo/node_modules/.cache/kibitz-chromium/153.0.0/chromium'

describe('finding the test browser', () => {
  it('takes CHROMIUM_PATH first, before the system and npm ones', async () => {
    const { lookup, calls } = machine({
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
      files: ['/opt/chrome/chrome', debianChromium],
      npm: npmLauncher,
    })
    await expect(findBrowser(lookup)).resolves.toEqual({
      path: '/opt/chrome/chrome',
      source: 'CHROMIUM_PATH',
    })
    expect(calls).toEqual([])
  })

  it('stops with one line naming CHROMIUM_PATH when it points at nothing, without falling back', async () => {
    const { lookup, calls } = machine({
      env: { CHROMIUM_PATH: '/opt/missing' },
      files: [debianChromium],
      root: true,
      aptWorks: true,
    })
    const error = await findBrowser(lookup).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NoBrowser)
    expect(String((error as NoBrowser).message)).toBe(
      'CHROMIUM_PATH=/opt/missing is not an executable file; point it at a Chromium or unset it.',
    )
    expect(calls).toEqual([])
  })

  it("takes Debian's /usr/bin/chromium next, without unpacking the npm one", async () => {
    const { lookup, calls } = machine({ files: [debianChromium], npm: npmLauncher })
    await expect(findBrowser(lookup)).resolves.toEqual({ path: debianChromium, source: 'system' })
    expect(calls).toEqual([])
  })

  it('takes the npm-provided Chromium when the system has none', async () => {
    const { lookup, calls, said } = machine({ npm: npmLauncher, root: true, aptWorks: true })
    await expect(findBrowser(lookup)).resolves.toEqual({ path: npmLauncher, source: 'npm' })
    expect(calls).toEqual(['npm'])
    expect(said).toEqual([])
  })

  it('lets CHROMIUM_SYSTEM_PATHS replace or mask the system list', async () => {
    expect(systemPaths({})).toEqual([debianChromium])
    expect(systemPaths({ CHROMIUM_SYSTEM_PATHS: '' })).toEqual([])
    expect(systemPaths({ CHROMIUM_SYSTEM_PATHS: '/a/chromium:/b/chrome' })).toEqual([
      '/a/chromium',
      '/b/chrome',
    ])

    const masked = machine({ env: { CHROMIUM_SYSTEM_PATHS: '' }, files: [debianChromium], npm: npmLauncher })
    await expect(findBrowser(masked.lookup)).resolves.toEqual({ path: npmLauncher, source: 'npm' })

    const other = machine({ env: { CHROMIUM_SYSTEM_PATHS: '/a/chromium:/b/chrome' }, files: ['/b/chrome'] })
    await expect(findBrowser(other.lookup)).resolves.toEqual({ path: '/b/chrome', source: 'system' })
  })

  it("installs Debian's chromium with apt-get as root when there is no npm one, saying so in one line", async () => {
    const { lookup, calls, said } = machine({ root: true, aptWorks: true })
    await expect(findBrowser(lookup)).resolves.toEqual({ path: debianChromium, source: 'apt' })
    expect(calls).toEqual(['npm', 'apt'])
    expect(said).toEqual([aptLine])
  })

  it('stops with the one line that says what to install when not root', async () => {
    const { lookup, calls, said } = machine({ root: false, aptWorks: true })
    const error = await findBrowser(lookup).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NoBrowser)
    expect((error as NoBrowser).message).toBe(noBrowserLine)
    expect(noBrowserLine).not.toContain('\n')
    expect(noBrowserLine).toContain('npm install')
    expect(noBrowserLine).toContain('apt-get install chromium')
    expect(calls).toEqual(['npm'])
    expect(said).toEqual([])
  })

  it('stops with the same line when apt-get fails as root', async () => {
    const { lookup, calls } = machine({ root: true, aptWorks: false })
    await expect(findBrowser(lookup)).rejects.toThrow(noBrowserLine)
    expect(calls).toEqual(['npm', 'apt'])
  })
})

describe('the npm-provided Chromium on this machine', () => {
  it('unpacks once, starts with the system one masked, and is what the scripts report', async () => {
    const found = await findBrowser(machineLookup({ CHROMIUM_SYSTEM_PATHS: '' }))
    expect(found.source).toBe('npm')
    expect(found.path).toMatch(/node_modules\/\.cache\/kibitz-chromium\/[\d.]+\/chromium$/)
    expect(browserVersion(found.path)).toMatch(/^Chromium \d+\./)
    // The CLI the README names reports the same browser.
    const cli = spawnSync(process.execPath, ['scripts/browser.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: '', CHROMIUM_SYSTEM_PATHS: '' },
    })
    expect(cli.status).toBe(0)
    expect(cli.stdout.trim()).toMatch(/kibitz-chromium\/[\d.]+\/chromium \(npm\): Chromium \d+\./)
    // Playwright's config, which cannot wait, gets the same one.
    expect(browserPath({ CHROMIUM_SYSTEM_PATHS: '' })).toBe(found.path)
  }, 180_000)
})

describe('the command npm test and the e2e runner stop with', () => {
  it('one line on stderr and exit code 1 when the browser named cannot run', () => {
    const cli = spawnSync(process.execPath, ['scripts/browser.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
    })
    expect(cli.status).toBe(1)
    expect(cli.stdout).toBe('')
    expect(cli.stderr).toBe(
      'CHROMIUM_PATH=/nonexistent/chromium is not an executable file; point it at a Chromium or unset it.\n',
    )
  })
})
