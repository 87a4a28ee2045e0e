// The Chromium that drives the end-to-end tests, the bench's Lighthouse run and anything else that needs a
// browser, found in one place (docs/decisions/035-test-browser.md), in this order:
//   1. CHROMIUM_PATH, when set (an explicit choice: a wrong path stops with one line, no fallback);
//   2. the system's Chromium: /usr/bin/chromium (CHROMIUM_SYSTEM_PATHS, colon-separated, replaces that list;
//      empty masks it, which is how the fallbacks are tested on a machine that has one);
//   3. the headless Chromium that `npm install` brings in @sparticuz/chromium, unpacked once into
//      node_modules/.cache/kibitz-chromium/<version>/ behind a small launcher that gives it its own NSS
//      libraries and fonts, so it needs nothing from the machine but glibc;
//   4. Debian's `chromium` through apt-get, only when running as root, saying so in one line;
//   5. else one line that says what to install.
// `node scripts/browser.ts` prints the browser found with its version (unpacking or installing it when needed);
// with `--path`, only its path.
import { spawnSync } from 'node:child_process'
import {
  accessSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { createBrotliDecompress } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Where the browser came from. */
export type BrowserSource = 'CHROMIUM_PATH' | 'system' | 'npm' | 'apt'

export interface FoundBrowser {
  /** An executable that takes Chromium's command line (Playwright's `executablePath`, chrome-launcher's `chromePath`). */
  readonly path: string
  readonly source: BrowserSource
}

/** No usable browser; the message is the one line to show. */
export class NoBrowser extends Error {
  override readonly name = 'NoBrowser'
}

/** The one line shown when no browser can be found or installed. */
export const noBrowserLine =
  'No Chromium for the end-to-end tests: run `npm install` (it brings @sparticuz/chromium for Linux x64), ' +
  "or install Debian's chromium (`sudo apt-get install chromium`), or set CHROMIUM_PATH to a Chromium."

/** The line shown before apt-get installs Debian's chromium. */
export const aptLine = "No Chromium found: installing Debian's chromium with apt-get (running as root)."

/** Where Debian's package puts its browser, and the default system list. */
export const debianChromium = '/usr/bin/chromium'

/** The system Chromium paths to try: CHROMIUM_SYSTEM_PATHS (colon-separated; empty: none) or /usr/bin/chromium. */
export const systemPaths = (env: Record<string, string | undefined>): ReadonlyArray<string> => {
  const list = env.CHROMIUM_SYSTEM_PATHS
  if (list === undefined) return [debianChromium]
  return list.split(':').filter((entry) => entry.trim() !== '')
}

/** What the lookup needs from the machine; tests replace it. */
export interface BrowserLookup {
  readonly env: Record<string, string | undefined>
  readonly isExecutable: (file: string) => boolean
  /** The npm-provided Chromium's launcher, unpacked when needed; undefined when missing or unable to run here. */
  readonly npmChromium: () => Promise<string | undefined>
  readonly isRoot: () => boolean
  /** Installs Debian's chromium; true when apt-get succeeded. */
  readonly aptInstall: () => boolean
  readonly say: (line: string) => void
}

/** The candidates that need no unpacking or installing, in order (CHROMIUM_PATH first, then the system's). */
const presentBrowser = (
  env: Record<string, string | undefined>,
  isExecutable: (file: string) => boolean,
): FoundBrowser | undefined => {
  const explicit = env.CHROMIUM_PATH
  if (explicit !== undefined && explicit !== '') {
    if (isExecutable(explicit)) return { path: explicit, source: 'CHROMIUM_PATH' }
    throw new NoBrowser(
      `CHROMIUM_PATH=${explicit} is not an executable file; point it at a Chromium or unset it.`,
    )
  }
  const system = systemPaths(env).find(isExecutable)
  return system === undefined ? undefined : { path: system, source: 'system' }
}

/** Finds the browser in the documented order, unpacking the npm one or installing Debian's when needed. */
export const findBrowser = async (lookup: BrowserLookup = machineLookup()): Promise<FoundBrowser> => {
  const present = presentBrowser(lookup.env, lookup.isExecutable)
  if (present) return present
  const npm = await lookup.npmChromium()
  if (npm !== undefined) return { path: npm, source: 'npm' }
  if (lookup.isRoot()) {
    lookup.say(aptLine)
    if (lookup.aptInstall() && lookup.isExecutable(debianChromium))
      return { path: debianChromium, source: 'apt' }
  }
  throw new NoBrowser(noBrowserLine)
}

// --- the npm-provided Chromium -------------------------------------------------------------------------------

interface NpmPackage {
  readonly version: string
  /** The package's bin/ folder with the brotli archives. */
  readonly bin: string
}

/** @sparticuz/chromium where `npm install` put it, or undefined (not installed, or not Linux x64). */
const npmPackage = (): NpmPackage | undefined => {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined
  try {
    const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium')
    const folder = path.resolve(path.dirname(entry), '..')
    const manifest: unknown = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'))
    const version =
      typeof manifest === 'object' && manifest !== null ? Reflect.get(manifest, 'version') : undefined
    if (typeof version !== 'string') return undefined
    return { version, bin: path.join(folder, 'bin') }
  } catch {
    return undefined
  }
}

/** The folder one version of the npm Chromium is unpacked into. */
export const npmChromiumFolder = (version: string, base = path.join(root, 'node_modules', '.cache')) =>
  path.join(base, 'kibitz-chromium', version)

/** The launcher inside an unpacked folder. */
const launcherOf = (folder: string) => path.join(folder, 'chromium')

/** The npm Chromium's launcher when it is already unpacked (no side effects). */
const unpackedNpmChromium = (): string | undefined => {
  const found = npmPackage()
  if (!found) return undefined
  const launcher = launcherOf(npmChromiumFolder(found.version))
  return isExecutableFile(launcher) ? launcher : undefined
}

const unbrotli = (archive: string, target: string) =>
  pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(target, { mode: 0o755 }))

/** Unpacks a .tar.br archive into `folder` with the system's tar (essential on Debian), through a plain .tar. */
const untar = async (archive: string, folder: string) => {
  const plain = path.join(folder, `.${path.basename(archive, '.br')}`)
  await unbrotli(archive, plain)
  const tar = spawnSync('tar', ['-x', '--no-same-owner', '-f', plain, '-C', folder], { encoding: 'utf8' })
  rmSync(plain, { force: true })
  if (tar.status !== 0)
    throw new Error(
      `tar could not unpack ${path.basename(archive)}: ${tar.stderr.trim() || String(tar.error)}`,
    )
}

/**
 * The launcher: Debian's /usr/bin/chromium is a shell script too. It gives the browser the NSS libraries the
 * package ships (a bare Debian has no libnss3) and a font configuration with the package's Open Sans besides
 * the machine's fonts, then becomes the browser (exec keeps the process id and Playwright's pipes).
 */
const launcherScript = (folder: string) =>
  [
    '#!/bin/sh',
    '# Written by scripts/browser.ts: the headless Chromium of @sparticuz/chromium with its own libraries and fonts.',
    `here='${folder.replaceAll("'", "'\\''")}'`,
    'if [ -n "$LD_LIBRARY_PATH" ]; then LD_LIBRARY_PATH="$here/lib:$LD_LIBRARY_PATH"; else LD_LIBRARY_PATH="$here/lib"; fi',
    'export LD_LIBRARY_PATH',
    'export FONTCONFIG_PATH="$here/fonts"',
    'exec "$here/headless_shell" "$@"',
    '',
  ].join('\n')

const fontsConf = (folder: string) =>
  [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
    `  <dir>${path.join(folder, 'fonts', 'fonts')}</dir>`,
    `  <cachedir>${path.join(folder, 'fonts', 'cache')}</cachedir>`,
    '</fontconfig>',
    '',
  ].join('\n')

/** The first line the browser prints for `--version`, or undefined when it does not start. */
export const browserVersion = (executable: string): string | undefined => {
  const result = spawnSync(executable, ['--version'], { encoding: 'utf8', timeout: 30_000 })
  if (result.status !== 0) return undefined
  const line = result.stdout.trim().split('\n')[0]
  return line === '' ? undefined : line
}

/** Unpacks the npm Chromium once (into a temporary folder renamed into place) and checks that it starts. */
const npmChromium = async (say: (line: string) => void): Promise<string | undefined> => {
  const found = npmPackage()
  if (!found) return undefined
  const folder = npmChromiumFolder(found.version)
  const launcher = launcherOf(folder)
  if (!isExecutableFile(launcher)) {
    say(
      `Unpacking the npm-provided Chromium (@sparticuz/chromium ${found.version}) into ${path.relative(root, folder)}`,
    )
    const partial = `${folder}.partial-${process.pid}`
    rmSync(partial, { recursive: true, force: true })
    mkdirSync(path.join(partial, 'fonts'), { recursive: true })
    try {
      await unbrotli(path.join(found.bin, 'chromium.br'), path.join(partial, 'headless_shell'))
      // SwiftShader's GL libraries sit beside the binary, where Chromium looks for them.
      await untar(path.join(found.bin, 'swiftshader.tar.br'), partial)
      await untar(path.join(found.bin, 'fonts.tar.br'), path.join(partial, 'fonts'))
      // lib/: NSS, NSPR and expat built for Amazon Linux 2023; they need only glibc 2.34.
      await untar(path.join(found.bin, 'al2023.tar.br'), partial)
      writeFileSync(path.join(partial, 'fonts', 'fonts.conf'), fontsConf(folder))
      writeFileSync(launcherOf(partial), launcherScript(folder), { mode: 0o755 })
      try {
        renameSync(partial, folder)
      } catch (error) {
        // Another process unpacked it meanwhile: use theirs.
        if (!isExecutableFile(launcher)) throw error
      }
    } finally {
      rmSync(partial, { recursive: true, force: true })
    }
  }
  return browserVersion(launcher) === undefined ? undefined : launcher
}

// --- the machine ---------------------------------------------------------------------------------------------

const isExecutableFile = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

const aptInstall = (): boolean => {
  if (!existsSync('/usr/bin/apt-get')) return false
  const options = {
    stdio: 'inherit' as const,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }
  if (spawnSync('apt-get', ['update', '-qq'], options).status !== 0) return false
  return spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], options).status === 0
}

/** The lookup on this machine, with this process's environment. */
export const machineLookup = (env: Record<string, string | undefined> = process.env): BrowserLookup => {
  // On stderr, so that `node scripts/browser.ts --path` prints nothing but the path on stdout.
  const say = (line: string) => console.error(line)
  return {
    env,
    isExecutable: isExecutableFile,
    npmChromium: () => npmChromium(say),
    isRoot: () => process.getuid?.() === 0,
    aptInstall,
    say,
  }
}

/**
 * The browser for synchronous callers such as Playwright's config: CHROMIUM_PATH (scripts/e2e.ts passes its choice
 * on there), the system's, or an npm Chromium already unpacked; else the whole lookup in a child process
 * (`node scripts/browser.ts --path`), which unpacks or installs as `findBrowser` does and ends with the one line.
 */
export const browserPath = (env: Record<string, string | undefined> = process.env): string => {
  const present = presentBrowser(env, isExecutableFile)
  if (present) return present.path
  const unpacked = unpackedNpmChromium()
  if (unpacked !== undefined) return unpacked
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--path'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const found = child.stdout?.trim() ?? ''
  if (child.status === 0 && found !== '') return found
  throw new NoBrowser(noBrowserLine)
}

/** Finds the browser or ends the process with the one line that says what to install. */
export const requireBrowser = async (): Promise<FoundBrowser> => {
  try {
    return await findBrowser()
  } catch (error) {
    if (!(error instanceof NoBrowser)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

if (import.meta.main) {
  const found = await requireBrowser()
  if (process.argv.includes('--path')) console.log(found.path)
  else console.log(`${found.path} (${found.source}): ${browserVersion(found.path) ?? 'does not start'}`)
}
