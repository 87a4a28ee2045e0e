import { createHash, createHmac } from 'node:crypto'

// AWS Signature Version 4 for S3 requests signed in the Authorization header
// (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html), with node:crypto alone:
// the handful of S3 calls the store makes do not justify the AWS SDK's weight.

/** The credentials and scope a request is signed for. */
export interface SigningKey {
  readonly accessKeyId: string
  readonly secretAccessKey: string
  readonly region: string
  /** `s3` for object storage. */
  readonly service: string
}

/** What is signed: the method, the full URL, the headers to sign (any case) and the payload's SHA-256 in hex. */
export interface RequestToSign {
  readonly method: string
  readonly url: URL
  readonly headers: Readonly<Record<string, string>>
  readonly payloadHash: string
  /** The signing instant. */
  readonly now: Date
}

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex')

const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest()

/** RFC 3986 percent-encoding: everything but unreserved characters, as SigV4 requires. */
export const encodeRfc3986 = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** `20130524T000000Z`, the x-amz-date form of an instant. */
export const amzDate = (now: Date): string =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

// S3 signs the path as sent, each segment encoded once (other services encode twice).
const canonicalPath = (url: URL): string =>
  url.pathname
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/')

const canonicalQuery = (url: URL): string =>
  [...url.searchParams]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')

/** The canonical request, string to sign and signature of `request`; the Authorization header value among them. */
export const signRequest = (key: SigningKey, request: RequestToSign) => {
  const timestamp = amzDate(request.now)
  const day = timestamp.slice(0, 8)
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const signedHeaders = headers.map(([name]) => name).join(';')
  const canonicalRequest = [
    request.method,
    canonicalPath(request.url),
    canonicalQuery(request.url),
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n')
  const scope = `${day}/${key.region}/${key.service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n')
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), key.region), key.service),
    'aws4_request',
  )
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex')
  return {
    canonicalRequest,
    stringToSign,
    signature,
    authorization: `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  }
}
