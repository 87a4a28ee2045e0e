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
 * edge finds at start; the gallery's lightbox beside it as `assets/lightbox-<hash>.js`, which it loads when a page
 * has a gallery.
 */
const enhanceScript = (): Plugin => ({
  name: 'kibitz:enhance-script',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  async generateBundle() {
    /** `entry` bundled and minified on its own, as one ES module's code. */
    const build = async (entry: string, define: Record<string, string> = {}) => {
      const bundle = await rolldown({
        input: new URL(entry, import.meta.url).pathname,
        transform: { define },
        external: [/^\/assets\//],
      })
      const { output } = await bundle.generate({ format: 'es', minify: true })
      await bundle.close()
      return output.flatMap((chunk) => (chunk.type === 'chunk' ? [chunk.code] : [])).join('\n')
    }
    // The gallery's lightbox is fetched only by a page that shows a gallery (docs/decisions/041), so every other
    // page keeps its script as small as it was; the enhance script learns its address when it is built.
    const lightbox = this.emitFile({
      type: 'asset',
      name: 'lightbox.js',
      source: await build('./src/edge/lightbox.client.ts'),
    })
    const lightboxUrl = `/${this.getFileName(lightbox)}`
    this.emitFile({
      type: 'asset',
      name: 'enhance.js',
      source: await build('./src/edge/enhance.client.ts', { __LIGHTBOX_URL__: JSON.stringify(lightboxUrl) }),
    })
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
