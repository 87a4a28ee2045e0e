import type { EntityManager } from '@mikro-orm/postgresql'
import { Context } from 'effect'

/** The request's (or job's) forked MikroORM EntityManager; only repositories read it. */
export class Em extends Context.Service<Em, EntityManager>()('@kibitz/kernel/Em') {}
