import { randomBytes } from 'node:crypto'
import type { UserId } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import sharp from 'sharp'
import { FileStorage } from './Storage.ts'

/** The most an uploaded image may weigh before it is even decoded. */
export const maxImageBytes = 5 * 1024 * 1024
/** Avatars are stored at most this wide and high; their thumbnail is a square of `avatarThumbPx`. */
export const avatarMaxPx = 512
export const avatarThumbPx = 128

/** An upload that is not a usable image: too heavy, not an image, or too many pixels. */
export class ImageRejected extends Schema.TaggedError<ImageRejected>()('ImageRejected', {
  reason: Schema.Literals(['tooLarge', 'notAnImage']),
}) {}

/** A stored avatar: public paths of the image and its thumbnail (served under /files/). */
export interface StoredAvatar {
  readonly url: string
  readonly thumbUrl: string
  readonly width: number
  readonly height: number
}

const publicPath = (key: string) => `/files/${key}`

/** Images people upload, decoded and re-encoded so nothing but pixels is kept (no metadata, no payloads). */
export class ImageStore extends Context.Service<
  ImageStore,
  {
    /** Accounts: re-encodes `bytes` as the user's avatar (WebP) with a square thumbnail. */
    storeAvatar(userId: UserId, bytes: Uint8Array): Effect.Effect<StoredAvatar, ImageRejected>
    /** Accounts: removes an avatar stored under these public paths (anything else is ignored). */
    removeAvatar(urls: ReadonlyArray<string>): Effect.Effect<void>
  }
>()('@kibitz/files/ImageStore') {
  static readonly layer = Layer.effect(
    ImageStore,
    Effect.gen(function* () {
      const storage = yield* FileStorage
      const encode = (bytes: Uint8Array) =>
        Effect.tryPromise({
          try: async () => {
            // Decoding is bounded: 40 megapixels at most, and any corrupt input is an error.
            const source = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate()
            const image = await source
              .clone()
              .resize(avatarMaxPx, avatarMaxPx, { fit: 'inside', withoutEnlargement: true })
              .webp({ quality: 82 })
              .toBuffer({ resolveWithObject: true })
            const thumb = await source
              .clone()
              .resize(avatarThumbPx, avatarThumbPx, { fit: 'cover', position: 'attention' })
              .webp({ quality: 80 })
              .toBuffer()
            return { image, thumb }
          },
          catch: () => new ImageRejected({ reason: 'notAnImage' }),
        })
      return ImageStore.of({
        storeAvatar: Effect.fn('ImageStore.storeAvatar')(function* (userId: UserId, bytes: Uint8Array) {
          if (bytes.byteLength > maxImageBytes) return yield* new ImageRejected({ reason: 'tooLarge' })
          const { image, thumb } = yield* encode(bytes)
          // A new name each time: the files are cached forever, so a change must change the address.
          const base = `user/user-${userId}/avatar-${randomBytes(8).toString('hex')}`
          yield* storage.put(`${base}.webp`, image.data)
          yield* storage.put(`${base}-thumb.webp`, thumb)
          return {
            url: publicPath(`${base}.webp`),
            thumbUrl: publicPath(`${base}-thumb.webp`),
            width: image.info.width,
            height: image.info.height,
          }
        }),
        removeAvatar: Effect.fn('ImageStore.removeAvatar')(function* (urls: ReadonlyArray<string>) {
          for (const url of urls) {
            if (url.startsWith('/files/user/')) yield* storage.remove(url.slice('/files/'.length))
          }
        }),
      })
    }),
  )
}
