import { thumbnailWidthPx } from '@kibitz/kernel'
import { Effect, Schema } from 'effect'
import sharp, { type OutputInfo } from 'sharp'

// Every image the platform stores is re-encoded here, once, at upload (docs/decisions/041): the main image as WebP
// within `eventImageMaxPx` (metadata dropped, EXIF orientation applied), the thumbnail the caller asked for (the
// spec's `thumbWidth`, 500 by default) and the responsive widths of `responsiveWidths`, each never enlarged. Pages
// then emit `srcset` and width/height from what was recorded, and never resize on a request.

/** The most an image may weigh before it is even decoded. */
export const maxEventImageBytes = 10 * 1024 * 1024
/** Images are decoded only up to this many pixels (a small file can still claim a huge canvas). */
export const maxImagePixels = 40_000_000
/** Stored images fit within this many pixels each way; larger photos are scaled down. */
export const eventImageMaxPx = 2560
/** Thumbnail widths a caller may ask for (spec section 9 default: 500). */
export const thumbWidthRange = { min: 50, max: 2000 } as const
/**
 * The widths made for `srcset` besides the requested thumbnail: a phone's grid cell (320), a tablet's or a
 * phone's at 2x (640), a lightbox on a laptop (1280). Only those narrower than the main image are made.
 */
export const responsiveWidths: ReadonlyArray<number> = [320, 640, 1280]

/**
 * An upload refused before anything was stored: `field` is the input at fault ('file', 'thumbWidth' or
 * 'filename') and `rule` why. The rule ids are the kernel's validation rules, plus 'notAPdf'.
 */
export class FileRejected extends Schema.TaggedError<FileRejected>()('FileRejected', {
  field: Schema.Literals(['file', 'thumbWidth', 'filename']),
  rule: Schema.Literals(['required', 'notAnImage', 'notAPdf', 'fileTooLarge', 'outOfRange', 'tooLong']),
}) {}

/** One encoded WebP and its size in pixels. */
export interface EncodedVariant {
  readonly data: Uint8Array
  readonly width: number
  readonly height: number
}

/**
 * An image as stored: `main` (the image itself), `thumb` (the requested thumbnail, the spec's thumbUrl) and
 * `thumbnails` (the responsive widths narrower than `main`, narrowest first); `width`/`height` are `main`'s.
 */
export interface EncodedImage {
  readonly main: EncodedVariant
  readonly thumb: EncodedVariant
  readonly thumbnails: ReadonlyArray<EncodedVariant>
  readonly width: number
  readonly height: number
}

const variant = (out: { data: Buffer; info: OutputInfo }): EncodedVariant => ({
  data: new Uint8Array(out.data),
  width: out.info.width,
  height: out.info.height,
})

/**
 * Any upload path of the files domain (event pictures, galleries, the file manager): checks the size and
 * `thumbWidth`, then decodes `bytes` (bounded in pixels; anything corrupt or not an image is `notAnImage`) and
 * encodes the main image, the thumbnail and the responsive widths. Pure: nothing is stored.
 */
export const encodeImage = Effect.fn('ImageEncoding.encodeImage')(function* (
  bytes: Uint8Array,
  options: { readonly thumbWidth?: number | undefined } = {},
) {
  if (bytes.byteLength === 0) return yield* new FileRejected({ field: 'file', rule: 'required' })
  if (bytes.byteLength > maxEventImageBytes)
    return yield* new FileRejected({ field: 'file', rule: 'fileTooLarge' })
  const thumbWidth = options.thumbWidth ?? thumbnailWidthPx
  if (!Number.isInteger(thumbWidth) || thumbWidth < thumbWidthRange.min || thumbWidth > thumbWidthRange.max)
    return yield* new FileRejected({ field: 'thumbWidth', rule: 'outOfRange' })
  return yield* Effect.tryPromise({
    try: async (): Promise<EncodedImage> => {
      // rotate() applies EXIF orientation before the metadata is dropped; failOn 'error' turns a corrupt input
      // into a refusal rather than a half-decoded picture.
      const source = sharp(bytes, { limitInputPixels: maxImagePixels, failOn: 'error' }).rotate()
      const main = variant(
        await source
          .clone()
          .resize(eventImageMaxPx, eventImageMaxPx, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true }),
      )
      const at = (width: number, quality: number) =>
        source
          .clone()
          // Never wider than the main image, so a tall picture's thumbnail keeps within its height limit too.
          .resize({ width: Math.min(width, main.width), withoutEnlargement: true })
          .webp({ quality })
          .toBuffer({ resolveWithObject: true })
          .then(variant)
      const thumb = await at(thumbWidth, 80)
      const thumbnails: Array<EncodedVariant> = []
      for (const width of responsiveWidths) if (width < main.width) thumbnails.push(await at(width, 80))
      return { main, thumb, thumbnails, width: main.width, height: main.height }
    },
    catch: () => new FileRejected({ field: 'file', rule: 'notAnImage' }),
  })
})
