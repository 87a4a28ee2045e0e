import type { MikroORM } from '@mikro-orm/postgresql'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import '../../testing/src/context.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { holdListen, publicPagesChannel } from '../src/database.ts'
import { migrate, openOrm } from '../src/orm.ts'

let db: { url: string; drop: () => Promise<void> }
let orm: MikroORM

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  orm = await openOrm(db.url, { poolMax: 2 })
  await migrate(orm)
})

afterAll(async () => {
  await orm.close(true)
  await db.drop()
})

describe(publicPagesChannel, () => {
  it('is notified when an organiser change to an event commits, and not before', async () => {
    let notified = 0
    const listener = await holdListen(db.url, publicPagesChannel, {
      onNotify: () => {
        notified += 1
      },
      onReady: () => {},
    })
    try {
      await orm.em.fork().transactional(async (em) => {
        await em.execute(
          `insert into event_audit (event_id, action, actor_user_id, from_state, to_state, at)
           values (1, 'postpone', 1, 'accepted', 'postponed', now())`,
        )
        // Still inside the transaction: nothing is announced yet.
        await new Promise((resolve) => setTimeout(resolve, 100))
        expect(notified).toBe(0)
      })
      await expect.poll(() => notified, { timeout: 2_000 }).toBe(1)
    } finally {
      await listener.close()
    }
  })

  it('is notified when the tournament summary of an event changes, and not by other writes', async () => {
    let notified = 0
    const listener = await holdListen(db.url, publicPagesChannel, {
      onNotify: () => {
        notified += 1
      },
      onReady: () => {},
    })
    try {
      const em = orm.em.fork()
      await em.execute(`update event set state_message = 'x' where id = -1`)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(notified).toBe(0)
      await em.execute(`update event set registration_windows = '[]' where id = -1`)
      await expect.poll(() => notified, { timeout: 2_000 }).toBe(1)
    } finally {
      await listener.close()
    }
  })
})
