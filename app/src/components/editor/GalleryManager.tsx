import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { type DragEvent, useId, useState } from 'react'
import type { FormState } from '../../lib/session.ts'
import { reorderGalleryFn } from '../../server/galleries.functions.ts'
import { Checkbox, Field, FieldErrorText, Submit } from '../Forms.tsx'

// One gallery of the event's gallery step (docs/decisions/041): the upload form (many images at once, a plain
// multipart post) and, once the gallery has a row, its form: title, shown or not, and each image with its title,
// move up / move down / remove buttons (plain form posts, the keyboard's way), and drag and drop with scripts. Every
// post goes to `?gallery` of the step (galleries.server.ts), which comes back here with what was refused.

/** One image as the manager shows it. */
export interface ManagedItem {
  readonly galleryItemId: number
  readonly key: string
  readonly title: string | null
  readonly imageThumb: string
  readonly filename: string
  readonly width: number
  readonly height: number
}

/** An image stored under the event's folders, which a gallery may pick. */
export interface StoredImage {
  readonly key: string
  readonly filename: string
  readonly thumbUrl: string
}

/** A gallery as the manager shows it (null before its first image). */
export interface ManagedGallery {
  readonly galleryId: number
  readonly title: string | null
  readonly isActive: boolean
  readonly galleryItems: ReadonlyArray<ManagedItem>
}

const buttonClass =
  'inline-flex h-9 items-center rounded-lg border border-line px-3 text-sm font-semibold hover:bg-line/40 disabled:opacity-40'

/** The upload form's refusals, one file a line ("name\trule"), as the server sent them back. */
const refusedFiles = (state: FormState | null) =>
  (state?.values.refused ?? '')
    .split('\n')
    .filter((line) => line.includes('\t'))
    .map((line) => {
      const [filename = '', rule = ''] = line.split('\t')
      return { filename, rule }
    })

/** Why a whole gallery form was refused, in the organiser's words. */
function FormRefusal({ rule }: { rule: string | undefined }) {
  if (rule === undefined) return null
  return (
    <p
      role="alert"
      className="rounded-lg border border-danger-700/30 bg-danger-100 px-4 py-3 text-sm text-danger-700"
    >
      {rule === 'notEditable' ? (
        <Trans>A postponed or canceled event cannot be changed.</Trans>
      ) : (
        <Trans>This gallery or image is gone. The page now shows the gallery as it is.</Trans>
      )}
    </p>
  )
}

/**
 * The manager of one gallery: `target` is `event` or `tournament-{id}`, `heading` its name; `state` the form state
 * the step's loader read (shown here only when it is this gallery's).
 */
export function GalleryManager({
  target,
  heading,
  gallery,
  state,
  editable,
  images,
}: {
  target: string
  heading: React.ReactNode
  gallery: ManagedGallery | null
  state: FormState | null
  editable: boolean
  /** The event's stored images; those this gallery shows already are left out. */
  images: ReadonlyArray<StoredImage>
}) {
  const { t } = useLingui()
  const router = useRouter()
  const headingId = useId()
  const uploadId = useId()
  const uploadState = state?.form === 'event-gallery-upload' && state.values.target === target ? state : null
  const galleryState = gallery && state?.form === `event-gallery-${gallery.galleryId}` ? state : null
  const refused = refusedFiles(uploadState)
  const more = Number(uploadState?.values.more ?? '0')
  const added = Number(uploadState?.values.added ?? '0')
  const shown = new Set(gallery?.galleryItems.map((i) => i.key) ?? [])
  const pickable = images.filter((i) => !shown.has(i.key))
  const pickCount = pickable.length
  const [order, setOrder] = useState<ReadonlyArray<number> | null>(null)
  const [dragged, setDragged] = useState<number | null>(null)
  const [moveProblem, setMoveProblem] = useState(false)
  const items = gallery
    ? order === null
      ? gallery.galleryItems
      : order.flatMap((id) => gallery.galleryItems.filter((i) => i.galleryItemId === id))
    : []

  /** Drag and drop: the dragged image goes where it was dropped, and the new order is saved at once. */
  const drop = async (event: DragEvent, onto: number) => {
    event.preventDefault()
    if (!gallery || dragged === null || dragged === onto) return
    // The dragged image takes the place of the one it was dropped on; those between shift by one.
    const ids = items.map((i) => i.galleryItemId)
    const to = ids.indexOf(onto)
    ids.splice(ids.indexOf(dragged), 1)
    ids.splice(to, 0, dragged)
    setOrder(ids)
    setDragged(null)
    const saved = await reorderGalleryFn({ data: { galleryId: gallery.galleryId, order: ids } })
    setMoveProblem(!saved.ok)
    await router.invalidate()
    setOrder(null)
  }

  return (
    <section
      id={`gallery-${target}`}
      aria-labelledby={headingId}
      className="flex scroll-mt-24 flex-col gap-4 rounded-card border border-line p-4"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {heading}
      </h2>
      {editable ? (
        <form method="post" action="?gallery" encType="multipart/form-data" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="target" value={target} />
          <FormRefusal rule={uploadState?.errors.form?.rule} />
          <div className="flex flex-col gap-1">
            <label htmlFor={uploadId} className="text-sm font-semibold">
              <Trans>Add images</Trans>
            </label>
            <input
              id={uploadId}
              type="file"
              name="images"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              aria-describedby={`${uploadId}-hint${uploadState?.errors.images ? ` ${uploadId}-error` : ''}`}
              aria-invalid={uploadState?.errors.images ? true : undefined}
              className="text-sm"
            />
            <span id={`${uploadId}-hint`} className="text-xs text-muted">
              <Trans>Choose up to 20 images at once: JPEG, PNG, WebP, GIF or AVIF, up to 10 MB each.</Trans>
            </span>
            {uploadState?.errors.images || uploadState?.errors.target ? (
              <div id={`${uploadId}-error`} role="alert" className="text-sm text-danger-700">
                {refused.length > 0 ? (
                  <>
                    <p>{t`${added} added. These files were not added:`}</p>
                    <ul className="list-disc pl-5">
                      {refused.map((r) => (
                        <li key={r.filename}>
                          {r.filename}: <FieldErrorText error={{ rule: r.rule }} />
                        </li>
                      ))}
                      {more > 0 ? <li>{t`and ${more} more`}</li> : null}
                    </ul>
                  </>
                ) : uploadState.errors.target ? (
                  <Trans>This tournament is gone. Reload the page.</Trans>
                ) : uploadState.errors.images?.rule === 'outOfRange' ? (
                  <Trans>Choose at most 20 images at once.</Trans>
                ) : (
                  <FieldErrorText error={uploadState.errors.images} label={<Trans>Images</Trans>} />
                )}
              </div>
            ) : null}
          </div>
          <div>
            <button type="submit" className={buttonClass}>
              <Trans>Upload the images</Trans>
            </button>
          </div>
        </form>
      ) : null}
      {editable && pickCount > 0 ? (
        <details className="rounded-lg border border-line p-3">
          <summary className="cursor-pointer text-sm font-semibold">
            {t`Choose from the event’s images (${pickCount})`}
          </summary>
          <form method="post" action="?gallery" className="mt-3 flex flex-col gap-3">
            <input type="hidden" name="intent" value="pick" />
            <input type="hidden" name="target" value={target} />
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {pickable.map((image) => (
                <li key={image.key}>
                  <label className="flex flex-col gap-1 text-xs">
                    <span className="flex items-center gap-2">
                      <input type="checkbox" name="keys" value={image.key} className="h-4 w-4" />
                      <span className="truncate">{image.filename}</span>
                    </span>
                    <img
                      src={image.thumbUrl}
                      alt=""
                      width={160}
                      height={120}
                      loading="lazy"
                      className="aspect-[4/3] h-auto w-full rounded object-cover"
                    />
                  </label>
                </li>
              ))}
            </ul>
            <div>
              <button type="submit" className={buttonClass}>
                <Trans>Add the chosen images</Trans>
              </button>
            </div>
          </form>
        </details>
      ) : null}
      {gallery === null || gallery.galleryItems.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No images yet.</Trans>
        </p>
      ) : (
        <form method="post" action="?gallery" className="flex flex-col gap-4">
          <input type="hidden" name="galleryId" value={gallery.galleryId} />
          <input type="hidden" name="target" value={target} />
          <FormRefusal rule={galleryState?.errors.form?.rule} />
          <Field
            name="title"
            label={<Trans>Gallery title</Trans>}
            hint={<Trans>Shown above the images; leave it empty for “Photos”.</Trans>}
            maxLength={200}
            defaultValue={galleryState?.values.title ?? gallery.title ?? ''}
            error={galleryState?.errors.title}
          />
          <Checkbox
            name="isActive"
            label={<Trans>Show this gallery on the public event page</Trans>}
            defaultChecked={galleryState ? galleryState.values.isActive === 'on' : gallery.isActive}
          />
          {editable ? (
            <div>
              {/* First in the form, so Enter in any field saves rather than moving an image. */}
              <button
                type="submit"
                name="intent"
                value="save"
                className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
              >
                <Trans>Save the gallery</Trans>
              </button>
            </div>
          ) : null}
          {moveProblem ? (
            <p role="alert" className="text-sm text-danger-700">
              <Trans>The new order could not be saved. The page shows the order as it is.</Trans>
            </p>
          ) : null}
          <p className="text-xs text-muted">
            <Trans>Drag an image to move it, or use its Move up and Move down buttons.</Trans>
          </p>
          <ol className="flex flex-col gap-3" data-testid="gallery-items">
            {items.map((item, index) => {
              const place = index + 1
              const filename = item.filename
              return (
                <li
                  key={item.galleryItemId}
                  draggable={editable}
                  onDragStart={(event) => {
                    // Firefox starts a drag only with some data set.
                    event.dataTransfer.setData('text/plain', String(item.galleryItemId))
                    event.dataTransfer.effectAllowed = 'move'
                    setDragged(item.galleryItemId)
                  }}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => void drop(event, item.galleryItemId)}
                  className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-surface p-2 data-[dragged=true]:opacity-50"
                  data-dragged={dragged === item.galleryItemId}
                >
                  <img
                    src={item.imageThumb}
                    alt=""
                    width={96}
                    height={Math.max(1, Math.round((item.height / item.width) * 96))}
                    className="h-auto w-24 rounded"
                  />
                  <div className="min-w-48 flex-1">
                    <Field
                      name={`title-${item.galleryItemId}`}
                      label={t`Title of image ${place} (${filename})`}
                      maxLength={200}
                      defaultValue={galleryState?.values[`title-${item.galleryItemId}`] ?? item.title ?? ''}
                      error={galleryState?.errors[`title-${item.galleryItemId}`]}
                    />
                  </div>
                  {editable ? (
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="submit"
                        name="intent"
                        value={`up-${item.galleryItemId}`}
                        disabled={index === 0}
                        aria-label={t`Move up (image ${place})`}
                        className={buttonClass}
                      >
                        <Trans>Move up</Trans>
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value={`down-${item.galleryItemId}`}
                        disabled={index === items.length - 1}
                        aria-label={t`Move down (image ${place})`}
                        className={buttonClass}
                      >
                        <Trans>Move down</Trans>
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value={`remove-${item.galleryItemId}`}
                        aria-label={t`Remove (image ${place})`}
                        className={`${buttonClass} text-danger-700`}
                      >
                        <Trans>Remove</Trans>
                      </button>
                    </div>
                  ) : null}
                </li>
              )
            })}
          </ol>
          {editable ? <Submit>{<Trans>Save the gallery</Trans>}</Submit> : null}
        </form>
      )}
    </section>
  )
}
