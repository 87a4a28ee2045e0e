export { defaultThumbnailWidth, FolderPaths } from './FolderPaths.ts'
