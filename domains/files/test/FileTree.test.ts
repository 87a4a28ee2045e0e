import type { EventId, TournamentId } from '@kibitz/kernel'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  contentKind,
  FolderPaths,
  folderChain,
  isPlatformFolder,
  nameProblem,
  parentOf,
  relativePathParts,
} from '../src/index.ts'

// The file tree's rules (docs/decisions/040): which folders are the platform's, how paths nest, which names are
// names, and what an upload is by its content.

const event = 7 as EventId
const tournament = 31 as TournamentId

describe('isPlatformFolder', () => {
  it('holds every folder of spec section 9 and the folders above them read-only', () => {
    const folders = [
      FolderPaths.eventDocuments(event),
      FolderPaths.eventGallery(event),
      FolderPaths.tournamentDocuments(event, tournament),
      FolderPaths.tournamentResults(event, tournament),
      FolderPaths.pageGallery('vilnius-club'),
      FolderPaths.pageDocuments('vilnius-club'),
      FolderPaths.pageOther('vilnius-club'),
    ]
    for (const folder of folders) {
      for (const above of folderChain(folder)) expect(isPlatformFolder(above), above).toBe(true)
    }
  })

  it("leaves the organiser's own folders, inside the platform's or beside them, to the organiser", () => {
    for (const folder of [
      'Photos',
      'Photos/2024',
      'event/event-7/documents/2019',
      'event/event-7/gallery/Day 1',
      'event/archive',
      'event/event-7/other',
      'page/vilnius-club/gallery/Summer',
      'events',
      'event/event-x',
    ])
      expect(isPlatformFolder(folder), folder).toBe(false)
  })
})

describe('paths', () => {
  it('gives the chain of folders from the root down and the parent of each', () => {
    expect(folderChain('event/event-7/documents')).toEqual([
      'event',
      'event/event-7',
      'event/event-7/documents',
    ])
    expect(folderChain('Photos')).toEqual(['Photos'])
    expect([parentOf('event/event-7/documents'), parentOf('Photos')]).toEqual(['event/event-7', null])
  })
})

describe('nameProblem', () => {
  it('takes one path segment a person typed, in any script, and says what is wrong with anything else', () => {
    for (const name of [
      'Nuostatai 2026',
      ' Résultats ',
      'Регламент.pdf',
      'a'.repeat(100),
      'Day 1 (Šiauliai)',
    ])
      expect(nameProblem(name), name).toBeNull()
    expect(nameProblem('   ')).toBe('required')
    expect(nameProblem('a'.repeat(101))).toBe('tooLong')
    expect(nameProblem('2024/2025')).toBe('invalidName')
    expect(nameProblem('back\\slash')).toBe('invalidName')
    expect(nameProblem('tab\there')).toBe('invalidName')
    expect(nameProblem('..')).toBe('invalidName')
    expect(nameProblem('.')).toBe('invalidName')
  })

  it("splits a folder upload's relative path into its folders and file name, or refuses it whole", () => {
    expect(relativePathParts('Festival 2026/Day 1/board 7.pdf')).toEqual({
      folders: ['Festival 2026', 'Day 1'],
      filename: 'board 7.pdf',
    })
    expect(relativePathParts('results.pdf')).toEqual({ folders: [], filename: 'results.pdf' })
    expect(relativePathParts('../escape.pdf')).toBeNull()
    expect(relativePathParts('a//b.pdf')).toBeNull()
    expect(relativePathParts('/root.pdf')).toBeNull()
    expect(relativePathParts(`${'x/'.repeat(20)}deep.pdf`)).toBeNull()
  })
})

describe('contentKind', () => {
  const picture = sharp({ create: { width: 4, height: 3, channels: 3, background: '#095741' } })

  it('knows the images sharp reads by their bytes, whatever they are called', async () => {
    for (const bytes of [
      await picture.clone().jpeg().toBuffer(),
      await picture.clone().png().toBuffer(),
      await picture.clone().webp().toBuffer(),
      await picture.clone().gif().toBuffer(),
      await picture.clone().avif().toBuffer(),
    ])
      expect(contentKind(bytes)).toBe('image')
  })

  it('knows PDFs, Office files and plain text as documents', () => {
    const zipEntry = (name: string) => {
      const header = new Uint8Array(30 + name.length)
      header.set([0x50, 0x4b, 0x03, 0x04])
      header.set(new TextEncoder().encode(name), 30)
      return header
    }
    const documents = [
      new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n'),
      zipEntry('[Content_Types].xml'),
      zipEntry('mimetype'),
      new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      new TextEncoder().encode('Board 1\tN 4♠ =\r\nBoard 2\tS 3NT +1\n'),
      new TextEncoder().encode('\ufeffNuostatai: žaidžiama pagal WBF taisykles.'),
    ]
    for (const bytes of documents) expect(contentKind(bytes)).toBe('document')
  })

  it('refuses anything else, whatever its name promises', () => {
    const refused = [
      new Uint8Array([]),
      new Uint8Array([0x4d, 0x5a, 0x90, 0x00]), // a Windows program
      new Uint8Array([0x7f, 0x45, 0x4c, 0x46]), // an ELF program
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(40).fill(0x41)]), // a zip that is no Office file
      new Uint8Array([0xff, 0xfe, 0x00, 0x00]), // not UTF-8
      new TextEncoder().encode('text with a \u0000 nul'),
    ]
    for (const bytes of refused) expect(contentKind(bytes)).toBeNull()
  })
})
