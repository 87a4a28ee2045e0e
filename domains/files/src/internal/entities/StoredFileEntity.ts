import { defineEntity, p } from '@mikro-orm/postgresql'

/** A stored image or document (spec section 3 Image / Document), owned by an organiser. */
const StoredFileSchema = defineEntity({
  name: 'StoredFileEntity',
  tableName: 'stored_file',
  properties: {
    id: p.integer().primary().autoincrement(),
    ownerOrganiserId: p.integer().index(),
    kind: p.string().length(20),
    path: p.string().length(500),
    filename: p.string().length(255),
    url: p.string().length(500),
    thumbUrl: p.string().length(500).nullable(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    size: p.integer().default(0),
    uploadedAt: p.datetime().onCreate(() => new Date()),
  },
})
export class StoredFileEntity extends StoredFileSchema.class {}
StoredFileSchema.setClass(StoredFileEntity)
