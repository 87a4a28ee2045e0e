import { Trans, useLingui } from '@lingui/react/macro'
import type { FileManagerScreen, TreeLevel } from '../../server/fileManager.functions.ts'
import { fileHref } from './fileSearch.ts'

// The file manager's folder tree (issue 17): the root's folders, and under each folder on the way to the one open
// its own folders, so the open branch shows where the folder sits among its neighbours. Plain links, a nested list
// a screen reader announces by level; on a phone it folds into a disclosure above the list.

const link =
  'flex min-h-11 items-center gap-2 rounded px-2 break-all text-sm text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700'

function Level(props: {
  readonly levels: ReadonlyArray<TreeLevel>
  readonly at: number
  readonly openIds: ReadonlySet<number>
  readonly current: number | null
  readonly base: string
}) {
  const level = props.levels[props.at]
  if (level === undefined || level.folders.length === 0) return null
  return (
    <ul className={props.at === 0 ? 'flex flex-col' : 'flex flex-col border-l border-line pl-3'}>
      {level.folders.map((folder) => {
        const open = props.openIds.has(folder.id)
        const current = folder.id === props.current
        return (
          <li key={folder.id}>
            <a
              href={fileHref(props.base, { folder: folder.id })}
              aria-current={current ? 'page' : undefined}
              className={`${link} ${current ? 'bg-brand-50 font-semibold text-ink' : ''}`}
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
              {folder.name}
            </a>
            {open ? <Level {...props} at={props.at + 1} /> : null}
          </li>
        )
      })}
      {level.more ? (
        <li className="px-2 py-1 text-xs text-muted">
          <Trans>More folders in the list</Trans>
        </li>
      ) : null}
    </ul>
  )
}

/** Whether the tree has anything to show (a tree with no folder at all is left out). */
export const hasFolderTree = (screen: FileManagerScreen) =>
  screen.tree.some((level) => level.folders.length > 0)

export function FolderTree(props: { readonly screen: FileManagerScreen; readonly base: string }) {
  const { t } = useLingui()
  const { screen, base } = props
  const openIds = new Set(screen.parents.map((p) => p.fsFileId))
  const current = screen.parents.at(-1)?.fsFileId ?? null
  const tree = (
    <nav aria-label={t`Folder tree`}>
      <a
        href={fileHref(base, { folder: 0 })}
        aria-current={current === null ? 'page' : undefined}
        className={`${link} ${current === null ? 'bg-brand-50 font-semibold text-ink' : ''}`}
      >
        <Trans>All files</Trans>
      </a>
      <Level levels={screen.tree} at={0} openIds={openIds} current={current} base={base} />
    </nav>
  )
  return (
    <div className="min-w-0">
      <details className="rounded-card border border-line bg-surface p-2 lg:hidden">
        <summary className="flex min-h-11 cursor-pointer items-center px-2 font-semibold">
          <Trans>Folder tree</Trans>
        </summary>
        {tree}
      </details>
      <div className="hidden lg:block">{tree}</div>
    </div>
  )
}
