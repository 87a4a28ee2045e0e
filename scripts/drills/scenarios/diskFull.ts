import { execFile } from 'node:child_process'
import { closeSync, openSync, truncateSync, writeSync } from 'node:fs'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { Schema } from 'effect'
import { CountRow, queryOne } from '../db.ts'
import { attempt } from '../http.ts'
import type { Stack } from '../stack.ts'
import { type Drill, seconds } from './common.ts'

// Drill 5: the disk fills up under an upload. A small tmpfs is mounted over the web's DATA_DIR/files (where
// STORAGE=local keeps uploads) and filled to the last byte; a signed-in demo organiser then uploads a PDF for
// one of their events. The answer must be a prompt problem (4xx/5xx, not a hang), the web must live on, and
// nothing may be left of the failed upload: no stored_file row and no partial file. Once space is freed the
// same upload must succeed. The tmpfs is unmounted at the end whatever happens.

const run = promisify(execFile)

const demoOrganiser = { email: 'info@lbf.example', password: 'kibitz-demo' }
const fillerName = '.drill-filler'

/** Every file under `folder` with its size, the filler excepted. */
const filesUnder = async (folder: string): Promise<ReadonlyArray<readonly [string, number]>> => {
  const found: Array<readonly [string, number]> = []
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name === fillerName) continue
    const file = path.join(entry.parentPath, entry.name)
    found.push([path.relative(folder, file), (await stat(file)).size])
  }
  return found
}

/**
 * Writes zeros until the file system says ENOSPC, then gives `leaveBytes` back, so an upload larger than that
 * starts writing and runs out of space half-way (the case that leaves partial files); answers the bytes kept.
 */
const fill = (file: string, leaveBytes: number): number => {
  const written = fillUp(file)
  const kept = Math.max(0, written - leaveBytes)
  truncateSync(file, kept)
  return kept
}

const fillUp = (file: string): number => {
  const fd = openSync(file, 'w')
  const chunk = Buffer.alloc(64 * 1024)
  let written = 0
  try {
    for (;;) {
      try {
        written += writeSync(fd, chunk)
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOSPC') {
          // The last partial chunk: byte by byte would be slow, 512 at a time is enough.
          for (;;) {
            try {
              written += writeSync(fd, chunk, 0, 512)
            } catch {
              return written
            }
          }
        }
        throw error
      }
    }
  } finally {
    closeSync(fd)
  }
}

/** A small, valid-looking PDF of about `kilobytes` KiB (the signature is all the server checks). */
const pdf = (kilobytes: number) =>
  new Blob([
    new TextEncoder().encode(
      `%PDF-1.4\n1 0 obj <<>> endobj\n% ${'drill '.repeat(Math.ceil((kilobytes * 1024) / 6))}\ntrailer <<>>\n%%EOF\n`,
    ),
  ])

const isMounted = async (folder: string) =>
  (await readFile('/proc/mounts', 'utf8')).split('\n').some((line) => line.split(' ')[1] === folder)

/** Signs the demo organiser in; answers the session cookie to send back. */
const signIn = async (stack: Stack): Promise<string> => {
  const result = await attempt(
    `${stack.baseUrl}/api/v1/user/login`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.5.0.1' },
      body: JSON.stringify(demoOrganiser),
    },
    30_000,
  )
  if (result.kind !== 'answer' || result.status !== 200)
    throw new Error(
      `demo organiser login failed: ${result.kind === 'answer' ? `${result.status} ${result.body.slice(0, 200)}` : result.kind}`,
    )
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.includes('kibitz_session='))
  if (!cookie) throw new Error('demo organiser login set no session cookie')
  return cookie
}

const upload = (stack: Stack, cookie: string, eventId: number, timeoutMs: number) => {
  const form = new FormData()
  form.append('eventId', String(eventId))
  form.append('kind', 'documents')
  form.append('file', pdf(256), 'drill-rules.pdf')
  return attempt(
    `${stack.baseUrl}/api/v1/event/upload-pdf`,
    { method: 'POST', headers: { cookie, 'x-forwarded-for': '10.5.0.1' }, body: form },
    timeoutMs,
  )
}

const Path = Schema.Struct({ path: Schema.String })

export const diskFullDuringUpload: Drill = async (stack, settings) => {
  if (process.getuid?.() !== 0)
    return {
      skipped: true,
      headline: 'not root: cannot mount a tmpfs',
      figures: [['why', 'mounting a small tmpfs over DATA_DIR/files needs root (or CAP_SYS_ADMIN)']],
      problems: [],
    }
  const filesDir = path.join(stack.dataDir, 'files')
  const cookie = await signIn(stack)
  const event = await queryOne(
    stack.cluster.url,
    `select e.id from event e join organiser o on o.id = e.organiser_id join app_user u on u.id = o.user_id
     where u.email = $1 and e.state in ('accepted', 'draft') order by e.id limit 1`,
    [demoOrganiser.email],
    Schema.Struct({ id: Schema.Int }),
  )
  const storedFiles = () =>
    queryOne(stack.cluster.url, 'select count(*)::int as n from stored_file', [], CountRow).then((r) => r.n)
  const problems: Array<string> = []
  const webPid = stack.web.pid
  await run('mount', ['-t', 'tmpfs', '-o', `size=${settings.diskMegabytes}m`, 'tmpfs', filesDir])
  try {
    // 64 KiB free: the 256 KiB PDF starts writing and fails a quarter of the way in.
    const filled = fill(path.join(filesDir, fillerName), 64 * 1024)
    const rowsBefore = await storedFiles()
    const failed = await upload(stack, cookie, event.id, settings.hangSeconds * 1000)
    const rowsAfterFailure = await storedFiles()
    const leftovers = await filesUnder(filesDir)
    const live = await attempt(`${stack.baseUrl}/livez`, {}, 5_000)
    const failedAnswer =
      failed.kind === 'answer'
        ? `${failed.status} ${failed.headers.get('content-type') ?? ''} in ${seconds(failed.ms)}: ${failed.body.slice(0, 160)}`
        : `${failed.kind} after ${seconds(failed.ms)}`
    if (failed.kind !== 'answer') problems.push(`the upload onto a full disk got no answer: ${failedAnswer}`)
    else if (failed.status < 400) problems.push(`the upload onto a full disk answered ${failed.status}`)
    else if (!(failed.headers.get('content-type') ?? '').includes('problem+json'))
      problems.push(`the refusal is not a problem document: ${failedAnswer}`)
    if (!stack.web.alive || stack.web.pid !== webPid) problems.push('the web process died')
    if (live.kind !== 'answer' || live.status !== 200)
      problems.push('/livez did not answer 200 after the failed upload')
    if (rowsAfterFailure !== rowsBefore)
      problems.push(`${rowsAfterFailure - rowsBefore} stored_file row(s) written for the failed upload`)
    if (leftovers.length > 0)
      problems.push(
        `files left on disk by the failed upload: ${leftovers.map(([f, size]) => `${f} (${size} bytes)`).join(', ')}`,
      )

    // Space again: the same upload goes through, and its row and file are there.
    await rm(path.join(filesDir, fillerName))
    const retried = await upload(stack, cookie, event.id, settings.hangSeconds * 1000)
    const rowsAfterRetry = await storedFiles()
    const stored =
      retried.kind === 'answer' && retried.status === 200
        ? await queryOne(stack.cluster.url, 'select path from stored_file order by id desc limit 1', [], Path)
        : null
    const onDisk =
      stored === null
        ? false
        : await stat(path.join(filesDir, stored.path)).then(
            () => true,
            () => false,
          )
    if (retried.kind !== 'answer' || retried.status !== 200)
      problems.push(
        `the upload after freeing space failed: ${retried.kind === 'answer' ? `${retried.status} ${retried.body.slice(0, 160)}` : retried.kind}`,
      )
    else if (rowsAfterRetry !== rowsAfterFailure + 1 || !onDisk)
      problems.push(
        `after freeing space: ${rowsAfterRetry - rowsAfterFailure} new row(s), file on disk: ${onDisk}`,
      )
    return {
      headline: `full disk: ${failed.kind === 'answer' ? failed.status : failed.kind} in ${seconds(failed.ms)}, ${leftovers.length} leftover file(s); after freeing: ${retried.kind === 'answer' ? retried.status : retried.kind}`,
      figures: [
        [
          'tmpfs',
          `${settings.diskMegabytes} MB on ${filesDir}, filled with ${(filled / 1024).toFixed(0)} KiB (about 64 KiB left)`,
        ],
        ['upload onto the full disk', failedAnswer],
        [
          'web after it',
          `pid ${stack.web.pid ?? 'none'} (was ${webPid}), /livez ${live.kind === 'answer' ? live.status : live.kind}`,
        ],
        ['stored_file rows before / after the failure', `${rowsBefore} / ${rowsAfterFailure}`],
        [
          'files left by the failed upload',
          leftovers.length === 0 ? 'none' : leftovers.map(([f, size]) => `${f} (${size} B)`).join(', '),
        ],
        [
          'upload after freeing space',
          retried.kind === 'answer'
            ? `${retried.status} in ${seconds(retried.ms)}, file on disk: ${onDisk}`
            : retried.kind,
        ],
      ],
      problems,
    }
  } finally {
    await unmount(filesDir)
  }
}

/** Unmounts the drill's tmpfs (lazily if a file is still open); a no-op when nothing is mounted there. */
export const unmount = async (folder: string): Promise<void> => {
  if (!(await isMounted(folder))) return
  await run('umount', [folder]).catch(() => run('umount', ['-l', folder]))
}
