import { Readable } from 'node:stream'

// Node and web byte streams, each read as the other is pulled. Node's own Readable.fromWeb/toWeb do the same, but
// their types (node:stream/web) are not the DOM's ReadableStream this project compiles against.

/** A web stream of `node`'s bytes, read one chunk per pull; cancelling it destroys `node` (closing its file). */
export const webReadable = (node: Readable): ReadableStream<Uint8Array> => {
  const chunks = node[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) return controller.close()
      const chunk: unknown = next.value
      controller.enqueue(chunk instanceof Uint8Array ? chunk : new TextEncoder().encode(String(chunk)))
    },
    async cancel() {
      node.destroy()
    },
  })
}

/** A Node stream of `web`'s bytes, read one chunk per pull; destroying it cancels `web` (closing its connection). */
export const nodeReadable = (web: ReadableStream<Uint8Array>): Readable => {
  const reader = web.getReader()
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => this.push(done ? null : value),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      )
    },
    destroy(error, callback) {
      reader.cancel(error ?? undefined).then(
        () => callback(error),
        () => callback(error),
      )
    },
  })
}
