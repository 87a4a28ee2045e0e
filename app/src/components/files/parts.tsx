import type { FileSearch } from './fileSearch.ts'

// What the file manager's parts share: the looks of its buttons and fields (44 px targets, visible focus) and the
// list's place carried by every form.

export const buttonClass =
  'inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg border border-line bg-surface px-4 text-sm font-semibold hover:bg-canvas focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700'
export const primaryClass =
  'inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700'
export const inputClass =
  'min-h-11 w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 text-base aria-[invalid=true]:border-danger-700 focus:outline-2 focus:outline-brand-600'

/** The list's place (folder, page, search, filter) as hidden fields, so a form post comes back to it. */
export function Position({ search, folderId }: { search: FileSearch; folderId: number | null }) {
  return (
    <>
      <input type="hidden" name="folder" value={String(folderId ?? 0)} />
      {search.page !== undefined ? <input type="hidden" name="page" value={String(search.page)} /> : null}
      {search.q !== undefined ? <input type="hidden" name="q" value={search.q} /> : null}
      {search.kind !== undefined ? <input type="hidden" name="kind" value={search.kind} /> : null}
    </>
  )
}
