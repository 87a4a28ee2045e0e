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

export default defineConfig({
  server: { port: 3000 },
  plugins: [tailwindcss(), lingui({ macroTransform: true }), tanstackStart(), viteReact(), enhanceScript()],
})
