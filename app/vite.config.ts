import path from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { rolldown } from 'rolldown'
import { defineConfig, type Plugin } from 'vite'

/**
 * The small script of the pages served without the app's bundle (docs/decisions/021), bundled on its own (the
 * app's build allows one entry) and emitted beside the app's assets as `assets/enhance-<hash>.js`, which the
 * edge finds at start.
 */
const enhanceScript = (): Plugin => ({
  name: 'kibitz:enhance-script',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  async generateBundle() {
    const bundle = await rolldown({
      input: new URL('./src/edge/enhance.client.ts', import.meta.url).pathname,
    })
    const { output } = await bundle.generate({ format: 'es', minify: true })
    await bundle.close()
    for (const chunk of output) {
      if (chunk.type === 'chunk') this.emitFile({ type: 'asset', name: 'enhance.js', source: chunk.code })
    }
  },
})

const sourceDir = new URL('./src/', import.meta.url).pathname

/**
 * A server function's id is its file under src/ and its name (`server.catalogue.functions.ts--fetchHome…`), as
 * readable as TanStack's default hash of the same two and as stable: the security suite derives every id from the
 * sources to call each function as each role (app/e2e/security.spec.ts). Dots, not slashes: the id is one path
 * segment of /_serverFn/{id}.
 */
const serverFunctionId = ({ filename, functionName }: { filename: string; functionName: string }) =>
  `${path.relative(sourceDir, filename).split(path.sep).join('.')}--${functionName}`

export default defineConfig({
  server: { port: 3000 },
  plugins: [
    tailwindcss(),
    lingui({ macroTransform: true }),
    tanstackStart({ serverFns: { generateFunctionId: serverFunctionId } }),
    viteReact(),
    enhanceScript(),
  ],
})
