// Request bodies are read with a cap: whatever Content-Length claims (or when it is absent), no more than the
// cap is ever taken from the client, so a stranger cannot make the server buffer a body of any size.

/** The body was larger than the limit. */
export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge'
}

/**
 * Stops reading a body. Not awaited: a copy's body (a branch of a tee) is only done cancelling once the other
 * branch is cancelled too, which its caller does next (peekBody).
 */
const cancel = (body: { cancel(): Promise<void> } | null) => {
  body?.cancel().catch(() => undefined)
}

/**
 * Reads at most `limit` bytes of the body; a larger one (declared or sent) throws BodyTooLarge, with the
 * stream cancelled so nothing more of it is read.
 */
export const readBody = async (request: Request, limit: number): Promise<Uint8Array> => {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > limit) {
    cancel(request.body)
    throw new BodyTooLarge()
  }
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Array<Uint8Array> = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      cancel(reader)
      throw new BodyTooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * The body of a request that must stay readable for the handler after it (TanStack Start hands its own request
 * to the server function), read from a copy within `limit` bytes. Over the limit, both the copy and the
 * request's own body are cancelled, so the rest is never read, and BodyTooLarge is thrown.
 */
export const peekBody = async (request: Request, limit: number): Promise<Uint8Array> => {
  try {
    return await readBody(request.clone(), limit)
  } catch (error) {
    if (error instanceof BodyTooLarge) cancel(request.body)
    throw error
  }
}

/** The form a body already read holds (url-encoded or multipart, as `contentType` says), or null when unreadable. */
export const formOf = async (bytes: Uint8Array, contentType: string): Promise<FormData | null> => {
  try {
    return await new Response(new Blob([new Uint8Array(bytes)]), {
      headers: { 'content-type': contentType },
    }).formData()
  } catch {
    return null
  }
}
