import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A small UploadThing on loopback, speaking the documented server protocol the files domain's adapter uses:
//   POST /v7/prepareUpload (x-uploadthing-api-key) → { key, url }: a presigned ingest URL, signed like UploadThing's
//     (`signature=hmac-sha256=<hex>` over the URL with the API key, `expires` in ms);
//   PUT  <presigned url>, multipart form data with one `file` → { url, appUrl, ufsUrl, fileHash };
//   POST /v6/deleteFiles { fileKeys } | { customIds } → { success, deletedCount };
//   GET  /f/<fileKey | customId>?expires&signature → the bytes. The app is private (access-controlled), so every
//     read needs a valid signed URL: a wrong API key is refused here as UploadThing would refuse it.

/** One file the server holds. */
export interface UploadedFile {
  readonly key: string
  readonly customId: string | null
  readonly name: string
  readonly type: string
  readonly bytes: Uint8Array
}

export interface TestUploadThingServer {
  /** Base of the REST API (UPLOADTHING_API_URL). */
  readonly apiUrl: string
  /** Base files are read from (UPLOADTHING_UFS_URL). */
  readonly ufsUrl: string
  /** An UPLOADTHING_TOKEN for this server: base64 JSON of { apiKey, appId, regions }. */
  readonly token: string
  readonly apiKey: string
  readonly appId: string
  /** The files held, by UploadThing file key. */
  readonly files: ReadonlyMap<string, UploadedFile>
  readonly close: () => Promise<void>
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const stringsOf = (value: unknown): ReadonlyArray<string> | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined

/** Starts the server on a free loopback port with a fresh API key and app id. */
export async function startUploadThingServer(): Promise<TestUploadThingServer> {
  const apiKey = `sk_live_${randomBytes(16).toString('hex')}`
  const appId = `app${randomBytes(5).toString('hex')}`
  const files = new Map<string, UploadedFile>()
  let origin = ''

  const sign = (url: URL) => `hmac-sha256=${createHmac('sha256', apiKey).update(url.href).digest('hex')}`

  /** Whether `url` carries a valid, unexpired signature of itself (without the signature) under the API key. */
  const validlySigned = (url: URL): boolean => {
    const signature = url.searchParams.get('signature')
    const expires = Number(url.searchParams.get('expires'))
    if (!signature || !Number.isFinite(expires) || expires < Date.now()) return false
    const unsigned = new URL(url)
    unsigned.searchParams.delete('signature')
    const expected = Buffer.from(sign(unsigned))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }

  const authorised = (req: IncomingMessage) => req.headers['x-uploadthing-api-key'] === apiKey

  const prepareUpload = (body: unknown, res: ServerResponse) => {
    if (
      !isRecord(body) ||
      typeof body.fileName !== 'string' ||
      typeof body.fileSize !== 'number' ||
      (body.customId !== undefined && typeof body.customId !== 'string')
    )
      return json(res, 400, { error: 'fileName, fileSize and an optional customId are required' })
    const customId = typeof body.customId === 'string' ? body.customId : null
    if (customId !== null && [...files.values()].some((f) => f.customId === customId))
      return json(res, 400, { error: `A file with customId ${customId} already exists` })
    const key = randomBytes(18).toString('base64url')
    const url = new URL(`${origin}/ingest/${key}`)
    url.searchParams.set('expires', String(Date.now() + 3_600_000))
    url.searchParams.set('x-ut-identifier', appId)
    url.searchParams.set('x-ut-file-name', body.fileName)
    url.searchParams.set('x-ut-file-size', String(body.fileSize))
    url.searchParams.set('x-ut-file-type', typeof body.fileType === 'string' ? body.fileType : '')
    if (customId !== null) url.searchParams.set('x-ut-custom-id', customId)
    url.searchParams.set('signature', sign(url))
    return json(res, 200, { key, url: url.href, fields: {} })
  }

  const ingest = async (req: IncomingMessage, url: URL, key: string, res: ServerResponse) => {
    if (!validlySigned(url)) return json(res, 403, { error: 'Invalid or expired signature' })
    const body = await readBody(req)
    const contentType = req.headers['content-type'] ?? ''
    const form = await new Request(url, {
      method: 'PUT',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    })
      .formData()
      .catch(() => undefined)
    const file = form?.get('file')
    if (!(file instanceof File)) return json(res, 400, { error: 'Expected multipart form data with a file' })
    if (String(file.size) !== url.searchParams.get('x-ut-file-size'))
      return json(res, 400, { error: 'File size does not match the presigned size' })
    const bytes = new Uint8Array(await file.arrayBuffer())
    files.set(key, {
      key,
      customId: url.searchParams.get('x-ut-custom-id'),
      name: url.searchParams.get('x-ut-file-name') ?? file.name,
      type: url.searchParams.get('x-ut-file-type') || file.type,
      bytes,
    })
    const ufsUrl = `${origin}/f/${key}`
    return json(res, 200, {
      url: ufsUrl,
      appUrl: ufsUrl,
      ufsUrl,
      fileHash: createHash('md5').update(bytes).digest('hex'),
    })
  }

  const deleteFiles = (body: unknown, res: ServerResponse) => {
    const fileKeys = isRecord(body) ? stringsOf(body.fileKeys) : undefined
    const customIds = isRecord(body) ? stringsOf(body.customIds) : undefined
    if (!fileKeys && !customIds) return json(res, 400, { error: 'fileKeys or customIds are required' })
    let deletedCount = 0
    for (const file of [...files.values()]) {
      if (fileKeys?.includes(file.key) || (file.customId !== null && customIds?.includes(file.customId))) {
        files.delete(file.key)
        deletedCount += 1
      }
    }
    return json(res, 200, { success: true, deletedCount })
  }

  const read = (url: URL, id: string, res: ServerResponse) => {
    if (!validlySigned(url)) return json(res, 403, { error: 'Invalid or expired signature' })
    const file = files.get(id) ?? [...files.values()].find((f) => f.customId === id)
    if (!file) return json(res, 404, { error: 'Not found' })
    res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.bytes.byteLength) })
    res.end(file.bytes)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin)
    const ingestKey = /^\/ingest\/([A-Za-z0-9_-]+)$/.exec(url.pathname)?.[1]
    const fileId = /^\/f\/([A-Za-z0-9_-]+)$/.exec(url.pathname)?.[1]
    if (req.method === 'PUT' && ingestKey) return ingest(req, url, ingestKey, res)
    if (req.method === 'GET' && fileId) return read(url, fileId, res)
    if (
      req.method === 'POST' &&
      (url.pathname === '/v7/prepareUpload' || url.pathname === '/v6/deleteFiles')
    ) {
      if (!authorised(req)) return json(res, 401, { error: 'Invalid API key' })
      let body: unknown
      try {
        body = JSON.parse((await readBody(req)).toString('utf8'))
      } catch {
        return json(res, 400, { error: 'Invalid JSON' })
      }
      return url.pathname === '/v7/prepareUpload' ? prepareUpload(body, res) : deleteFiles(body, res)
    }
    return json(res, 404, { error: `No route for ${req.method} ${url.pathname}` })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.address()
  if (address === null || typeof address === 'string')
    throw new Error('the UploadThing test server has no port')
  origin = `http://127.0.0.1:${address.port}`
  return {
    apiUrl: origin,
    ufsUrl: origin,
    token: Buffer.from(JSON.stringify({ apiKey, appId, regions: ['fra1'] })).toString('base64'),
    apiKey,
    appId,
    files,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
