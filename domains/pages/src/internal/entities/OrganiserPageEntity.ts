import { defineEntity, p } from '@mikro-orm/postgresql'

/** An organiser's public page (minimal until the pages issue). */
const OrganiserPageSchema = defineEntity({
  name: 'OrganiserPageEntity',
  tableName: 'organiser_page',
  properties: {
    id: p.integer().primary().autoincrement(),
    alias: p.string().length(120).unique(),
    organiserId: p.integer().index(),
    name: p.string().length(200),
    shortName: p.string().length(60).nullable(),
    initials: p.string().length(8).nullable(),
    description: p.text().nullable(),
    logoUrl: p.string().length(500).nullable(),
    visible: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
})
export class OrganiserPageEntity extends OrganiserPageSchema.class {}
OrganiserPageSchema.setClass(OrganiserPageEntity)
