import { defineEntity, p } from '@mikro-orm/postgresql'

/** A stored image or document (spec section 3 Image / Document), owned by an organiser. */
const StoredFileSchema = defineEntity({
  name: 'StoredFileEntity',
  tableName: 'stored_file',
  // The file manager lists one owner's folder at a time. Migration20261123000020 adds a varchar_pattern_ops index on
  // the same columns for listing everything under an event's folder (a prefix match the generator cannot express).
  indexes: [{ properties: ['ownerOrganiserId', 'folder'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    ownerOrganiserId: p.integer().index(),
    /** 'image' or 'document'. */
    kind: p.string().length(20),
    /** The folder of spec section 9 the file lives in (FolderPaths), e.g. `event/event-7/gallery`. */
    folder: p.string().length(300),
    /** The object key in the file store: `<folder>/<name>`; the thumbnail's key is in `thumbUrl`. */
    path: p.string().length(500).unique(),
    filename: p.string().length(255),
    url: p.string().length(500),
    thumbUrl: p.string().length(500).nullable(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    size: p.integer().default(0),
    /** An image's responsive widths (decision 041): public path and size in pixels of each, narrowest first. */
    thumbnails: p.json<ReadonlyArray<{ url: string; width: number; height: number }>>().nullable(),
    uploadedAt: p.datetime().onCreate(() => new Date()),
  },
})
export class StoredFileEntity extends StoredFileSchema.class {}
StoredFileSchema.setClass(StoredFileEntity)
