import { FsFolderEntity } from './internal/entities/FsFolderEntity.ts'
import { StoredFileEntity } from './internal/entities/StoredFileEntity.ts'

/** Entity classes for the ORM set-up in infra/ only; no other package may use them. */
export const entities = [StoredFileEntity, FsFolderEntity]
