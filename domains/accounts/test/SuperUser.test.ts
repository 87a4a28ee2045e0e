import { describe, expect, it } from '@effect/vitest'
import { ensureSuperUser } from '@kibitz/accounts'
import { Em } from '@kibitz/kernel'
import { insertRows, useDomainDatabase } from '@kibitz/testing'
import { Effect, Schema } from 'effect'

const db = useDomainDatabase()

const Row = Schema.Struct({
  role: Schema.Int,
  password_hash: Schema.NullOr(Schema.String),
  activated_at: Schema.NullOr(Schema.Unknown),
})
const userRow = (email: string) =>
  Effect.promise(async () => {
    const rows = await db.orm.em
      .fork()
      .execute('select role, password_hash, activated_at from app_user where email = ?', [email])
    return Schema.decodeUnknownSync(Schema.Array(Row))(rows)[0]
  })
const count = (sql: string, params: ReadonlyArray<string | number>) =>
  Effect.promise(async () => (await db.orm.em.fork().execute(sql, [...params])).length)
const ensure = (email: string, password: string) =>
  Effect.provideService(ensureSuperUser(email, password), Em, db.orm.em.fork())

describe('ensureSuperUser', () => {
  it.effect('creates the configured super user, active, with the configured password', () =>
    Effect.gen(function* () {
      yield* ensure('Admin@Example.test', 'Long-enough-pass1')
      const row = yield* userRow('admin@example.test')
      expect(row?.role).toBe(2)
      expect(row?.password_hash).toMatch(/^\$argon2id\$/)
      expect(row?.activated_at).not.toBeNull()
    }),
  )

  it.effect('keeps a password the super user changed later', () =>
    Effect.gen(function* () {
      yield* ensure('admin@example.test', 'Long-enough-pass1')
      const first = (yield* userRow('admin@example.test'))?.password_hash
      yield* ensure('admin@example.test', 'Another-pass-22')
      expect((yield* userRow('admin@example.test'))?.password_hash).toBe(first)
    }),
  )

  it.effect('takes an ordinary account under the configured address away from whoever held it', () =>
    Effect.gen(function* () {
      yield* Effect.promise(() =>
        insertRows(db.orm, 'app_user', [
          {
            email: 'boss@example.test',
            role: 1,
            is_company: false,
            language: 'en',
            created_at: new Date().toISOString(),
            password_hash: 'squatter-hash',
          },
        ]),
      )
      const ids = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.Int })))(
        yield* Effect.promise(() =>
          db.orm.em.fork().execute("select id from app_user where email = 'boss@example.test'"),
        ),
      )
      const id = ids[0]?.id ?? 0
      yield* Effect.promise(() =>
        insertRows(db.orm, 'social_identity', [
          {
            user_id: id,
            provider: 2,
            subject: 'squatter',
            email: 'boss@example.test',
            created_at: new Date().toISOString(),
          },
        ]),
      )
      yield* Effect.promise(() =>
        insertRows(db.orm, 'auth_token', [
          {
            token_hash: 'a'.repeat(64),
            purpose: 4,
            user_id: id,
            email: 'attacker@evil.test',
            created_at: new Date().toISOString(),
            expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          },
        ]),
      )
      yield* ensure('boss@example.test', 'Long-enough-pass1')
      // The e-mail change the previous holder asked for is void.
      expect(yield* count('select 1 from auth_token where user_id = ? and used_at is null', [id])).toBe(0)
      const row = yield* userRow('boss@example.test')
      expect(row?.role).toBe(2)
      expect(row?.password_hash).not.toBe('squatter-hash')
      expect(yield* count('select 1 from social_identity where user_id = ?', [id])).toBe(0)
    }),
  )
})
