// The organiser's file tree (issue 17, docs/decisions/040): one folder of 10,000 files, listed as the file manager
// lists it (its first page, a deep page, a search, the images only) through the files domain's service, against a
// primary-key lookup through the same runtime.
import { FileSystem } from '@kibitz/files'
import { Database, DomainServices, withEm } from '@kibitz/infra'
import { type Em, OrganiserId } from '@kibitz/kernel'
import { Effect, Layer, ManagedRuntime, Schema } from 'effect'
import { primaryKeyLookup } from './catalogue.ts'
import { type Figure, figure, percentile, sample } from './measure.ts'

/** How many files the folder holds. */
const folderFiles = 10_000

const decodeIds = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.Int })))

export const fileTreeScenario = async (
  databaseUrl: string,
  options: { readonly rounds: number },
): Promise<ReadonlyArray<Figure>> => {
  const section = `File manager (one folder of ${folderFiles.toLocaleString('en-US')} files)`
  const runtime = ManagedRuntime.make(
    DomainServices.pipe(Layer.provideMerge(Database.layer(databaseUrl, { poolMax: 4 }))),
  )
  const run = <A, E>(effect: Effect.Effect<A, E, FileSystem | Em>) =>
    runtime.runPromise(withEm(Effect.orDie(effect)))
  try {
    // An accepted organiser's folder, filled as uploads fill it: a third images, the rest documents.
    const orm = await runtime.runPromise(Database)
    const em = orm.em.fork()
    const [organiser] = decodeIds(
      await em.execute('select id from organiser where status = 3 order by id limit 1'),
    )
    if (!organiser) throw new Error('the world has no accepted organiser')
    const [folder] = decodeIds(
      await em.execute(
        `insert into fs_folder (owner_organiser_id, path, parent) values (?, 'Bench archive', null)
         on conflict (owner_organiser_id, path) do update set parent = null returning id`,
        [organiser.id],
      ),
    )
    if (!folder) throw new Error('the bench folder was not made')
    await em.execute(
      `insert into stored_file (owner_organiser_id, kind, folder, path, filename, url, size, uploaded_at)
       select ?, case when g % 3 = 0 then 'image' else 'document' end, 'Bench archive',
              'bench-archive/file-' || g, 'Results ' || g || '.pdf', '/files/bench-archive/file-' || g, 100000, now()
         from generate_series(1, ?) g`,
      [organiser.id, folderFiles],
    )
    await em.execute('analyze stored_file')
    const owner = OrganiserId.make(organiser.id)
    const folderId = folder.id
    const lookupP95 = percentile(await sample(options.rounds * 5, await primaryKeyLookup(run)), 0.95)
    const list = (more: { offset?: number; searchValue?: string; kind?: 'image' }) => () =>
      run(FileSystem.use((fs) => fs.list(owner, { parentId: folderId, offset: 0, limit: 10, ...more })))
    const first = await sample(options.rounds, list({}))
    const deep = await sample(options.rounds, list({ offset: folderFiles / 2 }))
    const search = await sample(options.rounds, list({ searchValue: '123' }))
    const images = await sample(options.rounds, list({ kind: 'image' }))
    const all = [...first, ...deep, ...search, ...images]
    const p95 = percentile(all, 0.95)
    return [
      figure(section, 'files.list.first.p95', 'first page p95', percentile(first, 0.95), 'ms', {
        better: 'lower',
      }),
      figure(
        section,
        'files.list.deep.p95',
        `page at offset ${folderFiles / 2} p95`,
        percentile(deep, 0.95),
        'ms',
        {
          better: 'lower',
        },
      ),
      figure(
        section,
        'files.list.search.p95',
        'a search under the folder p95',
        percentile(search, 0.95),
        'ms',
        {
          better: 'lower',
        },
      ),
      figure(section, 'files.list.images.p95', 'the images only p95', percentile(images, 0.95), 'ms', {
        better: 'lower',
      }),
      figure(section, 'files.list.p95', 'all of them p95', p95, 'ms', { better: 'lower', goal: 20 }),
      figure(section, 'files.lookup.p95', 'baseline: primary-key lookup p95', lookupP95, 'ms', {
        better: 'lower',
      }),
      figure(section, 'files.list.ratio', 'listing p95 ÷ primary-key lookup p95', p95 / lookupP95, '×', {
        better: 'lower',
        tracked: true,
      }),
    ]
  } finally {
    await runtime.dispose()
  }
}
