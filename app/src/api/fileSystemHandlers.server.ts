import { FileSystem, type FsEntryNotFound, type FsNameRejected, type FsReadOnly } from '@kibitz/files'
import { type OrganiserId, ruleMessages } from '@kibitz/kernel'
import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { Api } from './Api.ts'
import { FsListReply } from './FileSystemApi.ts'
import { Forbidden, InvalidRequest, NotFound, unknownCode } from './Problems.ts'
import { CurrentSession } from './UserApi.ts'
import { unitOfWork } from './unitOfWork.server.ts'

// GET/POST v1/file-system/*: the file tree of the signed-in user's organiser account (docs/decisions/040). The
// owner comes from the session only; the files domain finds nothing of anyone else's.

const noTree = new Forbidden({
  code: unknownCode,
  detail: 'Only an organiser account has a file tree',
})

/** The organiser whose tree the caller works on: the account in use, when it is an accepted organiser's. */
const owner: Effect.Effect<OrganiserId, Forbidden, CurrentSession> = Effect.flatMap(
  CurrentSession,
  ({ user }) =>
    user.isOrganizer && user.organizer ? Effect.succeed(user.organizer.organizerId) : Effect.fail(noTree),
)

const refusal = (refused: FsEntryNotFound | FsNameRejected | FsReadOnly) => {
  switch (refused._tag) {
    case 'FsEntryNotFound':
      return new NotFound({ code: unknownCode, detail: `No file or folder ${refused.id} of yours` })
    case 'FsReadOnly':
      return new Forbidden({ code: unknownCode, detail: 'The platform’s own folders cannot be renamed' })
    case 'FsNameRejected':
      return new InvalidRequest({
        code: unknownCode,
        detail: `Invalid fields: ${refused.field}`,
        errors: [
          {
            path: ['payload', refused.field],
            field: refused.field,
            message: ruleMessages[refused.rule].replace('{field}', () => refused.field),
            rule: refused.rule,
          },
        ],
      })
  }
}

export const FileSystemHandlers = HttpApiBuilder.group(Api, 'fileSystem', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const files = yield* FileSystem

    return handlers
      .handle('listFsFile', ({ query }) =>
        Effect.gen(function* () {
          const organiser = yield* owner
          const listing = yield* run(
            files.list(organiser, {
              parentId: query.parentId ?? null,
              offset: query.offset ?? 0,
              limit: query.limit ?? 10,
              searchValue: query.searchValue,
              kind: query.onlyImages ? 'image' : query.onlyDocuments ? 'document' : undefined,
            }),
          ).pipe(Effect.mapError(refusal))
          return new FsListReply({
            fsFiles: listing.entries,
            parentFolders: listing.parents,
            totalCount: listing.total,
          })
        }),
      )
      .handle('createFolder', ({ params, payload }) =>
        Effect.gen(function* () {
          const organiser = yield* owner
          return yield* run(
            files.createFolder(organiser, params.id === 0 ? null : params.id, payload.folderName),
          ).pipe(Effect.mapError(refusal))
        }),
      )
      .handle('renameFileObject', ({ params, payload }) =>
        Effect.gen(function* () {
          const organiser = yield* owner
          return yield* run(files.rename(organiser, params.id, payload.newObjectName)).pipe(
            Effect.mapError(refusal),
          )
        }),
      )
  }),
)
