export * from './EventFiles.ts'
export { defaultThumbnailWidth, FolderPaths } from './FolderPaths.ts'
export * from './Images.ts'
export * from './Storage.ts'
