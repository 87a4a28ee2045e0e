// npm itself runs on whatever node the shell has; on Node 20 it picks old majors and skips
// engine-gated optional binaries (Lingui native tools). A root lifecycle script already runs
// on the project's Node 24 (node_modules/.bin is first in PATH), so reinstall once from here.
import { spawnSync } from 'node:child_process'

const match = /node\/v(\d+)/.exec(process.env.npm_config_user_agent ?? '')
if (match && Number(match[1]) < 22 && !process.env.NODE24_REINSTALL) {
  console.log(`npm ran on Node ${match[1]}; installing once more on Node ${process.versions.node}`)
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
    env: { ...process.env, NODE24_REINSTALL: '1' },
  })
  process.exit(result.status ?? 1)
}
