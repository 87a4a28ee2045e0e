import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'

// A gallery on the public pages (docs/decisions/041): a grid of thumbnails, each a link to the full image (the
// fallback without scripts), with srcset and width/height so nothing moves as they load, lazily loaded; and the
// gallery's lightbox, a closed <dialog> the edge's script (edge/lightbox.client.ts) opens.

/** One stored width of an image. */
interface Thumbnail {
  readonly url: string
  readonly width: number
  readonly height: number
}

/** What a grid shows of an item (spec section 3 Gallery item). */
export interface GalleryItemData {
  readonly galleryItemId: number
  readonly title: string | null
  readonly url: string
  readonly imageThumb: string
  readonly thumbnails: ReadonlyArray<Thumbnail>
  readonly width: number
  readonly height: number
}

/** A gallery as the event page has it. */
export interface GalleryData {
  readonly galleryId: number
  readonly title: string | null
  readonly galleryItems: ReadonlyArray<GalleryItemData>
}

/** Every stored width of the image, the image itself last, as a srcset. */
export const srcsetOf = (item: GalleryItemData) =>
  [...item.thumbnails.filter((t) => t.width < item.width), { url: item.url, width: item.width }]
    .map((t) => `${t.url} ${t.width}w`)
    .join(', ')

/**
 * The grid and its lightbox. `heading` names the gallery (the gallery's title wins); each image's alternative
 * text is its title, or its place in the gallery when it has none.
 */
export function GalleryGrid({ gallery, heading }: { gallery: GalleryData; heading: React.ReactNode }) {
  const { t } = useLingui()
  const headingId = useId()
  const total = gallery.galleryItems.length
  const current = '%n'
  const all = '%t'
  return (
    <section aria-labelledby={headingId} data-gallery={gallery.galleryId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold">
        {gallery.title ?? heading}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="gallery-grid">
        {gallery.galleryItems.map((item, index) => {
          const place = index + 1
          const alt = item.title ?? t`Photo ${place} of ${total}`
          // The grid's cells are 4:3; the thumbnail's own width and height are given, so the box is reserved.
          const ratioHeight = Math.max(1, Math.round((item.height / item.width) * 500))
          return (
            <li key={item.galleryItemId}>
              <a
                href={item.url}
                data-lightbox-item=""
                data-width={item.width}
                data-height={item.height}
                data-srcset={srcsetOf(item)}
                data-title={item.title ?? ''}
                className="block overflow-hidden rounded-lg bg-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <img
                  src={item.imageThumb}
                  srcSet={srcsetOf(item)}
                  sizes="(min-width: 1024px) 260px, (min-width: 640px) 33vw, 50vw"
                  width={500}
                  height={ratioHeight}
                  loading="lazy"
                  decoding="async"
                  alt={alt}
                  className="aspect-[4/3] h-auto w-full object-cover transition-transform hover:scale-105"
                />
              </a>
            </li>
          )
        })}
      </ul>
      <dialog
        data-lightbox=""
        aria-label={gallery.title ?? t`Photos`}
        className="m-0 h-dvh max-h-none w-dvw max-w-none bg-black p-0 text-white backdrop:bg-black"
      >
        <div className="flex h-full w-full flex-col items-center justify-center gap-3 p-3">
          <div className="flex w-full items-center justify-between gap-3">
            <p data-lightbox-counter="" data-template={t`Photo ${current} of ${all}`} className="text-sm" />
            <button
              type="button"
              data-lightbox-close=""
              className="inline-flex h-11 min-w-11 items-center justify-center rounded-lg bg-white/10 px-3 font-semibold hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
            >
              <span aria-hidden="true">✕</span>
              <span className="sr-only">
                <Trans>Close</Trans>
              </span>
            </button>
          </div>
          <figure className="flex min-h-0 w-full flex-1 flex-col items-center justify-center gap-2">
            <img
              data-lightbox-image=""
              alt=""
              width={gallery.galleryItems[0]?.width}
              height={gallery.galleryItems[0]?.height}
              className="h-auto max-h-full min-h-0 w-auto max-w-full object-contain"
            />
            <figcaption data-lightbox-caption="" className="text-center text-sm" />
          </figure>
          <div className="flex gap-3">
            <button
              type="button"
              data-lightbox-prev=""
              className="inline-flex h-11 items-center gap-1 rounded-lg bg-white/10 px-4 font-semibold hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
            >
              <span aria-hidden="true">‹</span>
              <Trans>Previous</Trans>
            </button>
            <button
              type="button"
              data-lightbox-next=""
              className="inline-flex h-11 items-center gap-1 rounded-lg bg-white/10 px-4 font-semibold hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
            >
              <Trans>Next</Trans>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        </div>
      </dialog>
    </section>
  )
}
