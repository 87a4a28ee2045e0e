import {
  FileSystem,
  type FileUse,
  type FsDownload,
  FsDownloads,
  type FsEntryNotFound,
  type FsInUse,
  type FsNameRejected,
  type FsReadOnly,
  type FsUploadRejected,
  FsUploads,
} from '@kibitz/files'
import { type OrganiserId, ruleMessages } from '@kibitz/kernel'
import { Effect, Stream } from 'effect'
import { HttpServerResponse } from 'effect/http'
import { HttpApiBuilder } from 'effect/http-api'
import { Api } from './Api.ts'
import { FsListReply, FsQuotaReply, FsUploadReply, FsUsageReply } from './FileSystemApi.ts'
import { readParts } from './multipartParts.server.ts'
import { Conflict, Forbidden, InvalidRequest, NotFound, unknownCode } from './Problems.ts'
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

/** `filename` for Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 6266, RFC 8187). */
const contentDisposition = (filename: string) => {
  // Only printable ASCII goes into the plain name; control characters never go into a header.
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
}

/** A download as the response: streamed, saved under its name, never run or sniffed by the browser. */
const downloadResponse = (download: FsDownload) =>
  HttpServerResponse.stream(
    Stream.fromReadableStream({ evaluate: () => download.stream, onError: (error) => error }),
    {
      contentType: download.contentType,
      headers: {
        'content-disposition': contentDisposition(download.filename),
        'content-security-policy': "default-src 'none'; sandbox",
        'x-content-type-options': 'nosniff',
        ...(download.size === null ? {} : { 'content-length': String(download.size) }),
      },
    },
  )

/** How a use reads in a refusal: `event «Spring Festival» (eventPicture)`. */
const useText = (use: FileUse) => `${use.kind} «${use.name}» (${use.usedAs})`

/** 409 naming what still uses the file or the folder's files. */
const inUse = (refused: FsInUse) =>
  new Conflict({
    code: unknownCode,
    detail: `Still used by ${refused.uses.slice(0, 20).map(useText).join(', ')}${refused.uses.length > 20 ? ', …' : ''}`,
  })

const refusal = (refused: FsEntryNotFound | FsNameRejected | FsReadOnly | FsUploadRejected) => {
  switch (refused._tag) {
    case 'FsUploadRejected': {
      const field = refused.field
      const message = ruleMessages[refused.rule].replace('{field}', () =>
        field === 'files' ? 'file' : field,
      )
      return new InvalidRequest({
        code: unknownCode,
        detail: refused.filename === '' ? message : `${refused.filename}: ${message}`,
        errors: [
          {
            path: ['payload', field, ...(refused.filename === '' ? [] : [refused.filename])],
            field,
            message: refused.filename === '' ? message : `${refused.filename}: ${message}`,
            rule: refused.rule,
          },
        ],
      })
    }
    case 'FsEntryNotFound':
      return new NotFound({ code: unknownCode, detail: `No file or folder ${refused.id} of yours` })
    case 'FsReadOnly':
      return new Forbidden({
        code: unknownCode,
        detail: 'The platform’s own folders cannot be renamed or deleted',
      })
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
    const uploads = yield* FsUploads
    const downloads = yield* FsDownloads

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
      .handle('fsQuota', () =>
        Effect.gen(function* () {
          const organiser = yield* owner
          return new FsQuotaReply(yield* run(uploads.quota(organiser)))
        }),
      )
      .handle('uploadFsFile', ({ params, query, payload }) =>
        Effect.gen(function* () {
          const organiser = yield* owner
          const { fields, files: sent } = yield* readParts(payload)
          const paths = fields.get('relativePaths') ?? []
          const thumbWidth = query.thumbWidth === undefined ? undefined : Number(query.thumbWidth)
          const stored = yield* run(
            uploads.upload(
              organiser,
              params.destination === 0 ? null : params.destination,
              sent.map((file, index) => ({ relativePath: paths[index] ?? file.name, bytes: file.bytes })),
              { thumbWidth },
            ),
          ).pipe(Effect.mapError(refusal))
          return new FsUploadReply({ fsFiles: stored })
        }),
      )
      .handle('downloadFsSingleFile', ({ params }) =>
        Effect.gen(function* () {
          const organiser = yield* owner
          return downloadResponse(
            yield* run(downloads.single(organiser, params.id)).pipe(Effect.mapError(refusal)),
          )
        }),
      )
      .handle('downloadFsFile', ({ params }) =>
        Effect.gen(function* () {
          const organiser = yield* owner
          const ids = params.ids.split(',').map(Number)
          return downloadResponse(yield* run(downloads.zip(organiser, ids)).pipe(Effect.mapError(refusal)))
        }),
      )
      .handle('fileUsageReport', ({ params }) =>
        Effect.gen(function* () {
          const organiser = yield* owner
          const report = yield* run(files.usageReport(organiser, params.id)).pipe(Effect.mapError(refusal))
          return new FsUsageReply({
            fsFile: report.entry,
            fileCount: report.fileCount,
            isUsed: report.uses.length > 0,
            usages: report.uses,
          })
        }),
      )
      .handle('deleteFsFile', ({ params }) =>
        Effect.gen(function* () {
          const organiser = yield* owner
          yield* run(files.remove(organiser, params.id)).pipe(
            Effect.mapError((refused) => (refused._tag === 'FsInUse' ? inUse(refused) : refusal(refused))),
          )
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
