import { describe, expect, it } from 'vitest'
import '../../testing/src/context.ts'
import { insertOrganiser } from '../../testing/src/domain.ts'
import { Migration20261127140000 } from '../src/migrations/Migration20261127140000.ts'
import { useMigrationDatabase } from './support/migrationDatabase.ts'

// Decision 040: Migration20261127140000 gives every folder the stored files already live in, and every folder above
// one, its row in the file tree, each with its parent; a folder's id comes from the stored files' sequence.

const { database, rows, migrationQueries } = useMigrationDatabase()

const migrate = async (direction: 'up' | 'down') => {
  for (const query of migrationQueries(Migration20261127140000, direction)) await rows(query)
}

const storedFile = (owner: number, folder: string, name: string) =>
  rows(
    `insert into stored_file (owner_organiser_id, kind, folder, path, filename, url, size, uploaded_at)
     values (?, 'document', ?, ?, ?, ?, 10, now()) returning id`,
    [owner, folder, `${folder}/${name}`, name, `/files/${folder}/${name}`],
  )

describe('Migration20261127140000', () => {
  it('builds the tree of the folders files already live in, for each owner apart, ids shared with the files', async () => {
    await migrate('down')
    const club = await insertOrganiser(database.orm)
    const federation = await insertOrganiser(database.orm)
    await storedFile(club, 'event/event-7/documents', 'rules.pdf')
    await storedFile(club, 'event/event-7/results/tournament-3', 'day1.pdf')
    await storedFile(club, 'event/event-7/results/tournament-3', 'day2.pdf')
    await storedFile(federation, 'page/ltbf/documents', 'statute.pdf')
    await migrate('up')

    const tree = await rows<{ owner: number; path: string; parent: string | null }>(
      'select owner_organiser_id as owner, path, parent from fs_folder order by owner_organiser_id, path',
    )
    expect(tree).toEqual([
      { owner: club, path: 'event', parent: null },
      { owner: club, path: 'event/event-7', parent: 'event' },
      { owner: club, path: 'event/event-7/documents', parent: 'event/event-7' },
      { owner: club, path: 'event/event-7/results', parent: 'event/event-7' },
      { owner: club, path: 'event/event-7/results/tournament-3', parent: 'event/event-7/results' },
      { owner: federation, path: 'page', parent: null },
      { owner: federation, path: 'page/ltbf', parent: 'page' },
      { owner: federation, path: 'page/ltbf/documents', parent: 'page/ltbf' },
    ])
    // Folders and files draw their ids from one sequence: no folder has a file's id.
    const [clash] = await rows<{ n: string }>(
      'select count(*) as n from fs_folder d join stored_file f on f.id = d.id',
    )
    expect(Number(clash?.n)).toBe(0)
    // A row that does not hang from its parent is refused by the table itself.
    await expect(
      rows(`insert into fs_folder (owner_organiser_id, path, parent) values (?, 'a/b', 'c')`, [club]),
    ).rejects.toThrow(/fs_folder_parent_of_path/)
    await expect(
      rows(`insert into fs_folder (owner_organiser_id, path, parent) values (?, 'a//b', 'a/')`, [club]),
    ).rejects.toThrow(/fs_folder_path_segments/)
  })
})
