import { describe, expect, it } from 'vitest'
import { displayTimeState, TimeState, timeState } from '../src/TimeState.ts'

describe('TimeState', () => {
  it('uses the spec ids running 0, future 1, past 2', () => {
    expect(TimeState).toEqual({ running: 0, future: 1, past: 2 })
  })
})

describe('timeState', () => {
  it('is future before the first day', () => {
    expect(timeState('2027-03-05', '2027-03-08', '2027-03-04')).toBe(1)
  })

  it('is running on the first day, in between and on the last day', () => {
    expect(timeState('2027-03-05', '2027-03-08', '2027-03-05')).toBe(0)
    expect(timeState('2027-03-05', '2027-03-08', '2027-03-06')).toBe(0)
    expect(timeState('2027-03-05', '2027-03-08', '2027-03-08')).toBe(0)
  })

  it('is past after the last day', () => {
    expect(timeState('2027-03-05', '2027-03-08', '2027-03-09')).toBe(2)
  })

  it('treats a missing or earlier end date as a one-day event', () => {
    expect(timeState('2027-03-05', '', '2027-03-05')).toBe(0)
    expect(timeState('2027-03-05', '', '2027-03-06')).toBe(2)
    expect(timeState('2027-03-05', '2027-03-01', '2027-03-05')).toBe(0)
  })
})

describe('displayTimeState', () => {
  it('names running and future events', () => {
    expect(displayTimeState('2027-03-05', '2027-03-08', '2027-03-06')).toBe('running')
    expect(displayTimeState('2027-03-05', '2027-03-08', '2027-03-01')).toBe('future')
  })

  it('is justFinished from the day after the end through the seventh day after it', () => {
    expect(displayTimeState('2027-03-05', '2027-03-08', '2027-03-09')).toBe('justFinished')
    expect(displayTimeState('2027-03-05', '2027-03-08', '2027-03-15')).toBe('justFinished')
  })

  it('is past from the eighth day after the end', () => {
    expect(displayTimeState('2027-03-05', '2027-03-08', '2027-03-16')).toBe('past')
  })
})
