import { defineEntity, p } from '@mikro-orm/postgresql'

/** A hotel recommended for an event (spec section 3). */
const HotelSchema = defineEntity({
  name: 'HotelEntity',
  tableName: 'hotel',
  properties: {
    id: p.integer().primary().autoincrement(),
    eventId: p.integer().index(),
    name: p.string().length(200),
    priceMinor: p.integer().nullable(),
    websiteUrl: p.string().length(500).nullable(),
    addressLine: p.string().length(300).nullable(),
    stars: p.smallint().nullable(),
    type: p.smallint().default(1),
    isActive: p.boolean().default(true),
  },
})
export class HotelEntity extends HotelSchema.class {}
HotelSchema.setClass(HotelEntity)
