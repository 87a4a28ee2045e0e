import { describe, expect, it } from 'vitest'
import {
  type CategoryPricing,
  categoryLinePrices,
  isFreeTicket,
  priceLine,
  TicketType,
  unitPriceOf,
  unitsOf,
} from '../src/TicketPricing.ts'

// The shared price rule (the one TicketSales sells with and the registration form shows): pure, no database.

const basic = { type: TicketType.basic, priceMinor: 5000, isPricePerTeam: false }
const team = { ...basic, isPricePerTeam: true }
const free = { ...basic, type: TicketType.free }

const earlyBird = (quantity: number | null): CategoryPricing => ({
  priceMinor: 4000,
  isEarlyBird: true,
  earlyBirdPriceMinor: 3000,
  earlyBirdSalesStartDate: '2027-03-01',
  earlyBirdSalesEndDate: '2027-03-31',
  earlyBirdEndSalesQuantity: quantity,
})

describe('TicketPricing', () => {
  it('a free ticket costs nothing, else the category price replaces the ticket price', () => {
    expect(isFreeTicket(free)).toBe(true)
    expect(isFreeTicket(basic)).toBe(false)
    expect(unitPriceOf(free, 4000)).toBe(0)
    expect(unitPriceOf(basic, 4000)).toBe(4000)
    expect(unitPriceOf(basic, undefined)).toBe(5000)
  })

  it('a per-team ticket is one unit per entry', () => {
    expect(unitsOf(team, 4)).toBe(1)
    expect(unitsOf(basic, 4)).toBe(4)
    expect(priceLine(team, 4, null)).toEqual([
      { persons: 4, unitPriceMinor: 5000, units: 1, totalMinor: 5000, earlyBird: false },
    ])
    expect(priceLine(basic, 3, null)).toEqual([
      { persons: 3, unitPriceMinor: 5000, units: 3, totalMinor: 15000, earlyBird: false },
    ])
  })

  it('a line the early bird ends inside is priced as two parts', () => {
    const prices = categoryLinePrices(earlyBird(3), 1, 3, '2027-03-10')
    expect(prices).toEqual({ earlyBirdUnits: 2, earlyBirdPriceMinor: 3000, priceMinor: 4000 })
    expect(priceLine(basic, 3, prices)).toEqual([
      { persons: 2, unitPriceMinor: 3000, units: 2, totalMinor: 6000, earlyBird: true },
      { persons: 1, unitPriceMinor: 4000, units: 1, totalMinor: 4000, earlyBird: false },
    ])
  })

  it('an early bird without an end quantity takes every place while its dates run, none after', () => {
    expect(categoryLinePrices(earlyBird(null), 50, 2, '2027-03-31').earlyBirdUnits).toBe(2)
    const after = categoryLinePrices(earlyBird(null), 0, 2, '2027-04-01')
    expect(after).toEqual({ earlyBirdUnits: 0, earlyBirdPriceMinor: 4000, priceMinor: 4000 })
    expect(priceLine(basic, 2, after)).toEqual([
      { persons: 2, unitPriceMinor: 4000, units: 2, totalMinor: 8000, earlyBird: false },
    ])
  })

  it('a per-team line keeps its players in its one part; a free line is priced 0', () => {
    const prices = categoryLinePrices(earlyBird(1), 0, 1, '2027-03-10')
    expect(priceLine(team, 4, prices)).toEqual([
      { persons: 4, unitPriceMinor: 3000, units: 1, totalMinor: 3000, earlyBird: true },
    ])
    expect(priceLine(free, 2, prices)).toEqual([
      { persons: 1, unitPriceMinor: 0, units: 1, totalMinor: 0, earlyBird: true },
      { persons: 1, unitPriceMinor: 0, units: 1, totalMinor: 0, earlyBird: false },
    ])
  })
})
