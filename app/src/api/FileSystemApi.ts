import { FsEntry } from '@kibitz/files'
import { fileManagerPageSize } from '@kibitz/kernel'
import { Schema, SchemaTransformation } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Forbidden, InvalidRequest, NotFound } from './Problems.ts'
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
