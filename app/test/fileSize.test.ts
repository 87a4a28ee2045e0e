import { describe, expect, it } from 'vitest'
import { formatFileSize } from '../src/lib/fileSize.ts'

// A document's size on the public pages (issue 17), written as each interface language writes numbers.

describe('formatFileSize', () => {
  it('writes bytes, kilobytes and megabytes with one decimal in the reader’s language', () => {
    const size = Math.round(1.2 * 1024 * 1024)
    expect(formatFileSize(512, 'en')).toBe('512 bytes')
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB')
    expect(formatFileSize(size, 'en')).toBe('1.2 MB')
    for (const locale of ['lt', 'pl', 'es', 'it']) expect(formatFileSize(size, locale)).toMatch(/^1,2\sMB$/)
    // French writes its own unit.
    expect(formatFileSize(size, 'fr')).toMatch(/^1,2\sMo$/)
    expect(formatFileSize(size, 'ru')).toMatch(/^1,2\sМБ$/)
  })
})
