import { defineEntity, p } from '@mikro-orm/postgresql'

/**
 * A folder of an organiser's file tree (spec section 3 File-system entry, docs/decisions/040): one row per folder
 * path, the platform's and the organiser's own, so an empty folder exists and a folder is listed by one index
 * look-up. Its id comes from the stored files' sequence (Migration20261127140000): one fsFileId names one entry,
 * file or folder.
 */
const FsFolderSchema = defineEntity({
  name: 'FsFolderEntity',
  tableName: 'fs_folder',
  uniques: [{ properties: ['ownerOrganiserId', 'path'] }],
  indexes: [{ properties: ['ownerOrganiserId', 'parent', 'path'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    ownerOrganiserId: p.integer(),
    /** The folder's path, `event/event-7/documents`; its last segment is its name. */
    path: p.string().length(300),
    /** The folder it is in (its path), null at the root. */
    parent: p.string().length(300).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
})
export class FsFolderEntity extends FsFolderSchema.class {}
FsFolderSchema.setClass(FsFolderEntity)
