import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** A running S3-compatible server on loopback with one bucket, and the credentials it accepts. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>`; address buckets path-style. */
  readonly endpoint: string
  readonly region: string
  readonly bucket: string
  readonly accessKeyId: string
  readonly secretAccessKey: string
  readonly close: () => Promise<void>
}

/**
 * Starts s3rver (a fake S3 that speaks the REST API and checks every Signature V4) on a free loopback port,
 * keeping its objects in a temporary folder. s3rver's one account is S3RVER / S3RVER.
 */
export async function startS3Server(bucket = 'kibitz'): Promise<TestS3Server> {
  // Loaded on first use: @kibitz/testing's entry exports this file to every test, most never need it.
  const { default: S3rver } = await import('@20minutes/s3rver')
  const directory = await mkdtemp(path.join(tmpdir(), 'kibitz-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: false,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    close: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
