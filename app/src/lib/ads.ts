import { adEveryNthEvent, adMaxIndex } from '@kibitz/kernel/format'

/**
 * The ad provider's slot page (`AD_SLOT_URL`), framed in each ad slot of the catalogue; null when none is configured
 * or the value is no http(s) address, and then the catalogue has no ad slots at all (docs/decisions/036).
 */
export const adSlotUrlOf = (raw: string | undefined): string | null => {
  if (!raw || raw.trim() === '') return null
  try {
    const url = new URL(raw.trim())
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** The origin the pages may frame for the ads (their Content-Security-Policy's frame-src), or null. */
export const adFrameOrigin = (slotUrl: string | null): string | null =>
  slotUrl ? new URL(slotUrl).origin : null

/**
 * Spec section 2: an ad after every third card while the card index is below 10 (after cards 3, 6, 9), never
 * after a page's last card.
 */
export const adSlotAfter = (index: number, cardCount: number): boolean =>
  (index + 1) % adEveryNthEvent === 0 && index < adMaxIndex && index < cardCount - 1
