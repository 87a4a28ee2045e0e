export * from './EventFiles.ts'
export * from './FileSystem.ts'
export * from './FileTree.ts'
export * from './FileUsage.ts'
export { defaultThumbnailWidth, FolderPaths } from './FolderPaths.ts'
export * from './FsDownloads.ts'
export * from './FsUploads.ts'
export * from './Images.ts'
export {
  isDeflated,
  type ZipEntry,
  type ZipFileEntry,
  type ZipFolderEntry,
  zipArchive,
  zipPaths,
} from './internal/Zip.ts'
export * from './Storage.ts'
