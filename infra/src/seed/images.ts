/** Vector illustrations shipped in app/public/demo, each with a thumbnail and its alt text. */
export interface DemoImage {
  readonly url: string
  readonly thumbUrl: string
  readonly alt: string
}

const image = (name: string, alt: string): DemoImage => ({
  url: `/demo/${name}.svg`,
  thumbUrl: `/demo/${name}-thumb.svg`,
  alt,
})

const fan = image('fan', 'A fan of four playing cards, one of each suit, on green baize')
const trophy = image('trophy', 'A golden trophy engraved with a spade on a dark background')
const table = image('table', 'A bridge table seen from above, with North, East, South and West seats')
const online = image('online', 'A laptop screen showing four playing cards of an online bridge game')
const pattern = image('pattern', 'Rows of spades, hearts, diamonds and clubs in their four colours')
const city = image('city', 'A city skyline at dusk under a moon marked with a heart')

const everyday = [fan, table, city, pattern]

/**
 * The picture an event gets, chosen from its alias (not the seeded random stream, so adding images
 * changed no other demo value). About one event in five keeps the plain placeholder.
 */
export const demoImageFor = (
  alias: string,
  kind: { online: boolean; worldClass: boolean },
): DemoImage | null => {
  const hash = [...alias].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)
  if (hash % 5 === 0) return null
  if (kind.online) return online
  if (kind.worldClass) return trophy
  return everyday[hash % everyday.length] ?? fan
}
