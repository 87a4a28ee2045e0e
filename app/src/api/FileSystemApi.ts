import { FileUse, FsEntry, maxDocumentUploadBytes, maxFilesPerUpload, maxZipSelection } from '@kibitz/files'
import { fileManagerPageSize } from '@kibitz/kernel'
import { Schema, SchemaTransformation } from 'effect'
import { Multipart } from 'effect/http'
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { ContentTooLarge } from './EventWritesApi.ts'
import { Conflict, Forbidden, InvalidRequest, NotFound } from './Problems.ts'
import { flag, limitUpTo, Offset, queryText } from './Query.ts'
import { Authenticated } from './UserApi.ts'

// The organiser's file tree of spec section 7 (docs/decisions/040): list a folder, make a folder, rename a file or
// a folder. Schemas and endpoints only; the files domain decides what each may do.

/** The largest id PostgreSQL's integer column holds. */
const maximumId = 2147483647

/** A folder's or file's id in the path; 0 names the root where a folder is meant (create-folder). */
const EntryIdParam = (description: string, minimum: number) =>
  Schema.String.annotate({ description }).pipe(
    Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString),
    Schema.decodeTo(Schema.Int.check(Schema.isBetween({ minimum, maximum: maximumId }))),
  )

/** A folder's id in the query: a positive whole number. */
const ParentId = queryText('The folder to list (its fsFileId); the root without it.').pipe(
  Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString),
  Schema.decodeTo(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: maximumId }))),
)

/** GET v1/file-system/list-fs-file: one page of a folder. */
export class FsListReply extends Schema.Class<FsListReply>('FsListReply')({
  fsFiles: Schema.Array(FsEntry).annotate({
    description: 'The page: the folder’s folders first, then its files, each by name.',
  }),
  parentFolders: Schema.Array(FsEntry).annotate({
    description: 'The folders from the root down to the one listed (none for the root).',
  }),
  totalCount: Schema.Int.annotate({ description: 'How many entries the folder (or the search) has in all.' }),
}) {}

/** How much the caller's tree holds and may hold, in bytes (spec: the quota shown as used and available). */
export class FsQuotaReply extends Schema.Class<FsQuotaReply>('FsQuotaReply')({
  usedBytes: Schema.Int.annotate({ description: 'Bytes the organiser’s stored files take.' }),
  quotaBytes: Schema.Int.annotate({ description: 'Bytes the organiser may keep (FILE_QUOTA_MB).' }),
}) {}

/** POST v1/file-system/upload-fs-file/{destination}: the files stored, in the order sent. */
export class FsUploadReply extends Schema.Class<FsUploadReply>('FsUploadReply')({
  fsFiles: Schema.Array(FsEntry),
}) {}

/** GET v1/file-system/file-usage-report/{id}: what uses a file, or the files of a folder. */
export class FsUsageReply extends Schema.Class<FsUsageReply>('FsUsageReply')({
  fsFile: FsEntry,
  fileCount: Schema.Int.annotate({
    description: 'How many files the report covers (every file under a folder).',
  }),
  isUsed: Schema.Boolean.annotate({ description: 'Whether deleting it would be refused.' }),
  usages: Schema.Array(FileUse).annotate({
    description:
      'Each use: `kind` event, tournament, gallery or page; `usedAs` how (eventPicture, tournamentRules, ' +
      'tournamentResults, galleryItem…); `name` the event’s, tournament’s, gallery’s or page’s; `key` the file’s.',
  }),
}) {}

/** Multipart framing and the names sent along with the files. */
const uploadOverheadBytes = 1024 * 1024

/** The most one upload-fs-file request carries: a client sends a large selection as several requests. */
export const maxFsUploadBytes = 5 * maxDocumentUploadBytes + uploadOverheadBytes

/** POST v1/file-system/upload-fs-file/{destination}: files, and optionally their relative paths. */
export const FsUploadPayload = Schema.Struct({
  files: Multipart.FilesSchema.annotate({
    description:
      `The files (at most ${maxFilesPerUpload}, together at most 100 MB): images (JPEG, PNG, GIF, WebP, AVIF; ` +
      '10 MB each, stored re-encoded as WebP with thumbnails) and documents (PDF, Word, Excel, PowerPoint, ' +
      'OpenDocument, plain text; 20 MB each), known by their content, never their name.',
  }),
  relativePaths: Schema.optionalKey(
    Schema.Union([Schema.String, Schema.Array(Schema.String)]).annotate({
      description:
        'For a folder upload, each file’s path under the destination (`Photos/Day 1/board.jpg`), one per file in ' +
        'the same order; the folders are made. Without it each file keeps its own name.',
    }),
  ),
}).pipe(HttpApiSchema.asMultipartStream({ maxParts: 2 * maxFilesPerUpload + 8, maxFieldSize: '16 KiB' }))

/** A folder's or file's name as a body field (the files domain checks it, naming the field). */
const EntryName = Schema.String.annotate({
  description: 'One name, at most 100 characters: no slash, backslash or control character, not . or ..',
})

/** POST v1/file-system/create-folder/{id}: the new folder's name. */
export const CreateFolderPayload = Schema.Struct({ folderName: EntryName })

/** POST v1/file-system/rename-file-object/{id}: the entry's new name. */
export const RenamePayload = Schema.Struct({ newObjectName: EntryName })

const userIdHeader = {
  'x-user-id': Schema.optionalKey(
    Schema.String.annotate({
      description: 'The id of the user the client believes is signed in; a different user answers 2002.',
    }),
  ),
}

const errors = [Forbidden, NotFound, InvalidRequest]

/** download-fs-file/{ids}: fsFileIds separated by commas, at most `maxZipSelection`. */
const ZipIds = Schema.String.annotate({
  description: `The files and folders (their fsFileIds), separated by commas: 12,15,40 (at most ${maxZipSelection}).`,
}).pipe(
  Schema.check(
    Schema.makeFilter((text: string) => {
      const ids = text.split(',')
      return (
        ids.length <= maxZipSelection &&
        ids.every((id) => /^[1-9]\d{0,9}$/.test(id) && Number(id) <= maximumId)
      )
    }),
  ),
)

/** An entry's id in the path: a file or a folder (its fsFileId). */
const EntryId = EntryIdParam('The file or folder (its fsFileId).', 1)

/** GET/POST v1/file-system/*: the signed-in organiser's own file tree. */
export class FileSystemGroup extends HttpApiGroup.make('fileSystem')
  .add(
    HttpApiEndpoint.get('listFsFile', '/file-system/list-fs-file', {
      headers: userIdHeader,
      query: {
        offset: Schema.optionalKey(Offset),
        limit: Schema.optionalKey(limitUpTo(100, fileManagerPageSize)),
        parentId: Schema.optionalKey(ParentId),
        searchValue: Schema.optionalKey(
          queryText('Names containing this text, anywhere under the folder, in any case.'),
        ),
        onlyImages: Schema.optionalKey(flag('1: the images only (folders stay listed).')),
        onlyDocuments: Schema.optionalKey(flag('1: the documents only (folders stay listed).')),
      },
      success: FsListReply,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'One page of a folder of the caller’s file tree (10 entries unless `limit` says otherwise), folders ' +
          'first, with the folders above it and the total. A folder of another organiser answers 404.',
      ),
    HttpApiEndpoint.post('createFolder', '/file-system/create-folder/:id', {
      params: { id: EntryIdParam('The folder to make it in (its fsFileId); 0 for the root.', 0) },
      headers: userIdHeader,
      payload: CreateFolderPayload,
      success: FsEntry,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Makes a folder. A bad name is 400 naming `folderName` with its rule (invalidName, tooLong, required); ' +
          'the name of a folder already there is `nameTaken`, and one where the platform keeps its own folder ' +
          '(`event`, `page` at the root, an event’s `documents`…) `reservedName`.',
      ),
    HttpApiEndpoint.get('fsQuota', '/file-system/quota', {
      headers: userIdHeader,
      success: FsQuotaReply,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(OpenApi.Description, 'How much of the caller’s storage quota their files take.'),
    HttpApiEndpoint.post('uploadFsFile', '/file-system/upload-fs-file/:destination', {
      params: {
        destination: EntryIdParam(
          'The folder to store them in (its fsFileId); 0 for the root, where only a folder upload’s files go.',
          0,
        ),
      },
      query: {
        thumbWidth: Schema.optionalKey(
          Schema.String.check(Schema.isPattern(/^\d{1,6}$/u)).annotate({
            description: 'The images’ thumbnail width in pixels, 50 to 2000 (default 500).',
          }),
        ),
      },
      headers: userIdHeader,
      payload: FsUploadPayload,
      success: FsUploadReply.pipe(HttpApiSchema.status(201)),
      error: [...errors, ContentTooLarge],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Stores files, or a folder with its relative paths, in a folder of the caller’s tree. All or nothing: a ' +
          'refused file refuses the upload with 400 naming it in `errors[].path` and `message`, with the rule ' +
          '(notAllowedType, fileTooLarge, notAnImage, invalidName, reservedName, quotaExceeded, required), and ' +
          'nothing is stored. The same name twice in a folder becomes `name (2).ext`.',
      ),
    HttpApiEndpoint.get('downloadFsSingleFile', '/file-system/download-fs-single-file/:id', {
      params: { id: EntryIdParam('The file (its fsFileId).', 1) },
      headers: userIdHeader,
      success: HttpApiSchema.StreamUint8Array({ contentType: 'application/octet-stream' }),
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'The file as stored, as an attachment named as in the tree (`Content-Disposition`), with its media type. ' +
          'A folder answers 404: download it with download-fs-file.',
      ),
    HttpApiEndpoint.get('downloadFsFile', '/file-system/download-fs-file/:ids', {
      params: { ids: ZipIds },
      headers: userIdHeader,
      success: HttpApiSchema.StreamUint8Array({ contentType: 'application/zip' }),
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'A zip of the files and folders named (a folder with everything under it, empty folders included), ' +
          'written as it is sent: `files.zip`, or the folder’s name when one folder is asked for. Any id not ' +
          'the caller’s answers 404 before anything is sent.',
      ),
    HttpApiEndpoint.get('fileUsageReport', '/file-system/file-usage-report/:id', {
      params: { id: EntryId },
      headers: userIdHeader,
      success: FsUsageReply,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'What uses a file, or any file in and under a folder: the events (picture), tournaments (rules, results), ' +
          'galleries and pages of the caller. A used file cannot be deleted.',
      ),
    HttpApiEndpoint.delete('deleteFsFile', '/file-system/delete-fs-file/:id', {
      params: { id: EntryId },
      headers: userIdHeader,
      success: HttpApiSchema.NoContent,
      error: [...errors, Conflict],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Deletes a file, or a folder with everything in it, with the stored files. A file something uses (see ' +
          'file-usage-report), or a folder holding one, answers 409 naming the uses; the platform’s folders 403.',
      ),
    HttpApiEndpoint.post('renameFileObject', '/file-system/rename-file-object/:id', {
      params: { id: EntryIdParam('The file or folder (its fsFileId).', 1) },
      headers: userIdHeader,
      payload: RenamePayload,
      success: FsEntry,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Names a file or a folder anew. A folder moves with everything in it; a file keeps its address, so its ' +
          'links still work. The platform’s folders (`isFolderReadableOnly`) answer 403; a bad name is 400 ' +
          'naming `newObjectName`.',
      ),
  )
  .prefix('/api/v1')
  .annotateMerge(
    OpenApi.annotations({
      description:
        'Personal calls (`Cache-Control: no-store`) on the file tree of the signed-in user’s organiser account; ' +
        'anyone without one (players, the super user without an organiser account of their own) gets 403.',
    }),
  ) {}
