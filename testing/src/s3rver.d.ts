// @20minutes/s3rver ships no type declarations: this describes only the part of its v5 API that
// testing/src/s3.ts uses.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net'

  export interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    vhostBuckets?: boolean
    configureBuckets?: ReadonlyArray<{ name: string }>
  }

  export default class S3rver {
    constructor(options?: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
