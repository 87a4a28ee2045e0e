import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import { FileStorage, ImageStore, isObjectKey, maxImageBytes } from '@kibitz/files'
import { UserId } from '@kibitz/kernel'
import { Effect, Layer, Option } from 'effect'
import sharp from 'sharp'

const root = mkdtempSync(path.join(tmpdir(), 'kibitz-images-'))
const layer = ImageStore.layer.pipe(Layer.provideMerge(FileStorage.local(root)))
const run = <A, E>(effect: Effect.Effect<A, E, ImageStore | FileStorage>) => Effect.provide(effect, layer)

/** A real 900×600 JPEG carrying EXIF metadata (a camera would add GPS the same way). */
const photo = () =>
  Effect.promise(() =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: '#0b6b50' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Ona Jonaitė', ImageDescription: 'home address' } })
      .toBuffer(),
  )

describe(ImageStore.name, () => {
  describe('storeAvatar', () => {
    it.effect(
      're-encodes the image as WebP within 512 px with a 128 px square thumbnail, metadata dropped',
      () =>
        run(
          Effect.gen(function* () {
            const images = yield* ImageStore
            const storage = yield* FileStorage
            const stored = yield* images.storeAvatar(UserId.make(7), yield* photo())
            expect(stored.url).toMatch(/^\/files\/user\/user-7\/avatar-[0-9a-f]{16}\.webp$/)
            expect(stored.thumbUrl).toBe(stored.url.replace('.webp', '-thumb.webp'))
            expect([stored.width, stored.height]).toEqual([512, 341])

            const image = yield* storage.get(stored.url.slice('/files/'.length))
            const thumb = yield* storage.get(stored.thumbUrl.slice('/files/'.length))
            expect(Option.map(image, (o) => o.contentType)).toEqual(Option.some('image/webp'))
            const imageMeta = yield* Effect.promise(() => sharp(Option.getOrThrow(image).bytes).metadata())
            const thumbMeta = yield* Effect.promise(() => sharp(Option.getOrThrow(thumb).bytes).metadata())
            expect([imageMeta.format, imageMeta.width, imageMeta.exif]).toEqual(['webp', 512, undefined])
            expect([thumbMeta.width, thumbMeta.height]).toEqual([128, 128])
          }),
        ),
    )

    it.effect('refuses bytes that are not an image, and a file over the size limit before decoding it', () =>
      run(
        Effect.gen(function* () {
          const images = yield* ImageStore
          const garbage = yield* images
            .storeAvatar(UserId.make(8), new TextEncoder().encode('<?php system($_GET[1]); ?>'))
            .pipe(Effect.flip)
          expect(garbage.reason).toBe('notAnImage')
          const huge = yield* images
            .storeAvatar(UserId.make(8), new Uint8Array(maxImageBytes + 1))
            .pipe(Effect.flip)
          expect(huge.reason).toBe('tooLarge')
          expect(
            readdirSync(root).includes('user') ? readdirSync(path.join(root, 'user')) : [],
          ).not.toContain('user-8')
        }),
      ),
    )

    it.effect('removes a replaced avatar, and nothing outside the user folders', () =>
      run(
        Effect.gen(function* () {
          const images = yield* ImageStore
          const storage = yield* FileStorage
          const first = yield* images.storeAvatar(UserId.make(9), yield* photo())
          yield* storage.put('page/club/other/keep.png', new Uint8Array([1, 2, 3]))
          yield* images.removeAvatar([first.url, first.thumbUrl, '/files/page/club/other/keep.png'])
          expect(Option.isNone(yield* storage.get(first.url.slice('/files/'.length)))).toBe(true)
          expect(Option.isSome(yield* storage.get('page/club/other/keep.png'))).toBe(true)
        }),
      ),
    )
  })

  describe('object keys', () => {
    it('accepts plain relative paths and refuses anything that could leave the store', () => {
      expect(isObjectKey('user/user-1/avatar-0a.webp')).toBe(true)
      for (const key of [
        '',
        '../etc/passwd',
        'user/../../x',
        '/abs',
        'a//b',
        'a/.hidden',
        'a\\b',
        `${'a'.repeat(301)}`,
      ]) {
        expect(isObjectKey(key), key).toBe(false)
      }
    })

    it.effect('answers an unsafe or missing key with nothing', () =>
      run(
        Effect.gen(function* () {
          const storage = yield* FileStorage
          expect(Option.isNone(yield* storage.get('../../etc/passwd'))).toBe(true)
          expect(Option.isNone(yield* storage.get('user/none.webp'))).toBe(true)
        }),
      ),
    )
  })
})
