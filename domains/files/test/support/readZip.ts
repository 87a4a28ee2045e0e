import yauzl from 'yauzl'

/** A zip's entries in order, each a name and (for a file) its bytes, read with yauzl as any unzip tool would. */
export const readZip = async (
  zip: Uint8Array,
): Promise<
  ReadonlyArray<{
    readonly name: string
    readonly bytes: Uint8Array | null
    readonly method: 'stored' | 'deflated'
  }>
> => {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(zip), { lazyEntries: true, strictFileNames: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  )
  const entries: Array<{ name: string; bytes: Uint8Array | null; method: 'stored' | 'deflated' }> = []
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject)
    archive.on('end', () => resolve())
    archive.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) {
        entries.push({ name: entry.fileName, bytes: null, method: 'stored' })
        archive.readEntry()
        return
      }
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error)
        const chunks: Array<Buffer> = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('error', reject)
        stream.on('end', () => {
          entries.push({
            name: entry.fileName,
            bytes: new Uint8Array(Buffer.concat(chunks)),
            method: entry.compressionMethod === 0 ? 'stored' : 'deflated',
          })
          archive.readEntry()
        })
      })
    })
    archive.readEntry()
  })
  return entries
}

/** Every byte of a web stream. */
export const bytesOf = async (stream: ReadableStream<Uint8Array>): Promise<Uint8Array> =>
  new Uint8Array(await new Response(stream).arrayBuffer())
