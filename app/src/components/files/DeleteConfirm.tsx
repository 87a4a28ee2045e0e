import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef } from 'react'
import type { FileManagerScreen } from '../../server/fileManager.functions.ts'
import { type FileSearch, fileHref, listingSearch } from './fileSearch.ts'
import { placeOfUse, useUseText } from './fileText.ts'
import { buttonClass, Position } from './parts.tsx'

// Deleting asks first, with the usage report of everything about to go (spec file-usage-report): what still uses a
// file is named with a link to where it can be changed; while anything is used, nothing is offered for deletion.

export function DeleteConfirm(props: {
  screen: FileManagerScreen
  search: FileSearch
  base: string
  problem: string | null
}) {
  const { screen, search, base } = props
  const { t } = useLingui()
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const describeUse = useUseText()
  const reports = screen.confirm
  const used = reports.filter((r) => r.uses.length > 0)
  const readOnly = reports.filter((r) => r.entry.isFolderReadableOnly)
  const deletable = used.length === 0 && readOnly.length === 0
  const files = reports.reduce((sum, r) => sum + (r.entry.isFolder ? r.fileCount : 1), 0)
  // The question takes the focus, so a keyboard or screen-reader user answers it at once.
  useEffect(() => heading.current?.focus(), [])
  if (reports.length === 0) return null
  const count = reports.length
  const single = reports.length === 1 ? reports[0]?.entry.filename : undefined
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-card border-2 border-danger-700/40 bg-danger-100/40 p-4"
    >
      <h3 id={id} ref={heading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
        {single !== undefined
          ? t`Delete “${single}”?`
          : t`${plural(count, { one: 'Delete # selected item?', other: 'Delete # selected items?' })}`}
      </h3>
      {props.problem ? (
        <p role="alert" className="text-sm font-semibold text-danger-700">
          {props.problem}
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {reports.map((report) => (
          <li key={report.entry.fsFileId} className="flex flex-col gap-1 text-sm">
            <span className="break-all font-semibold">
              {report.entry.isFolder ? (
                <FolderSummary name={report.entry.filename} files={report.fileCount} />
              ) : (
                report.entry.filename
              )}
            </span>
            {report.entry.isFolderReadableOnly ? (
              <span>
                <Trans>This is one of the platform’s own folders: it cannot be deleted.</Trans>
              </span>
            ) : report.uses.length === 0 ? (
              <span>
                <Trans>Nothing uses it.</Trans>
              </span>
            ) : (
              <>
                <span>
                  <Trans>It is still used by:</Trans>
                </span>
                <ul className="list-disc pl-6">
                  {report.uses.map((use) => {
                    const href = placeOfUse(use)
                    const text = describeUse(use)
                    return (
                      <li
                        key={`${use.kind}-${use.usedAs}-${use.eventId}-${use.tournamentId}-${use.galleryId}`}
                      >
                        {href === null ? (
                          text
                        ) : (
                          <a href={href} className="break-words text-brand-700 underline">
                            {text}
                          </a>
                        )}
                      </li>
                    )
                  })}
                </ul>
              </>
            )}
          </li>
        ))}
      </ul>
      {deletable ? (
        <form method="post" action={base} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="ids" value={reports.map((r) => r.entry.fsFileId).join(',')} />
          <Position search={search} folderId={screen.folderId} />
          <p className="text-sm">
            <Plural
              value={files}
              one="# file will be deleted for good; links to it stop working."
              other="# files will be deleted for good; links to them stop working."
            />
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-lg bg-danger-700 px-4 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-danger-700"
            >
              <Trans>Yes, delete</Trans>
            </button>
            <a href={fileHref(base, listingSearch(search))} className={buttonClass}>
              <Trans>Keep</Trans>
            </a>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            <Trans>
              Nothing was deleted. Change or remove what uses these files first (follow the links above), or
              select only what is not used.
            </Trans>
          </p>
          <a href={fileHref(base, listingSearch(search))} className={`${buttonClass} self-start`}>
            <Trans>Back to the files</Trans>
          </a>
        </div>
      )}
    </section>
  )
}

function FolderSummary({ name, files }: { name: string; files: number }) {
  return (
    <Trans>
      Folder {name} · <Plural value={files} one="# file in it" other="# files in it" />
    </Trans>
  )
}
