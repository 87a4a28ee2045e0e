import { defineEntity, p } from '@mikro-orm/postgresql'

/** Reference data of spec section 3: countries, currencies, languages and age groups. */
const CountrySchema = defineEntity({
  name: 'CountryEntity',
  tableName: 'country',
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(2).unique(),
    /** English. */
    name: p.string().length(100),
    /** The name in each content language, `{ "pl": "Polska", … }` (docs/decisions/030). */
    names: p
      .json<{ readonly [language: string]: string }>()
      .defaultRaw(`'{}'`)
      .onCreate(() => ({})),
  },
})
export class CountryEntity extends CountrySchema.class {}
CountrySchema.setClass(CountryEntity)

const CurrencySchema = defineEntity({
  name: 'CurrencyEntity',
  tableName: 'currency',
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(3).unique(),
    name: p.string().length(100),
    symbol: p.string().length(8),
    /** ISO 4217 digits after the decimal point: JPY 0, EUR 2, KWD 3. */
    minorUnit: p.smallint().default(2),
    isPopular: p.boolean().default(false),
  },
})
export class CurrencyEntity extends CurrencySchema.class {}
CurrencySchema.setClass(CurrencyEntity)

const LanguageSchema = defineEntity({
  name: 'LanguageEntity',
  tableName: 'language',
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(5).unique(),
    name: p.string().length(60),
    nativeName: p.string().length(60),
    isDefault: p.boolean().default(false),
    isInterface: p.boolean().default(false),
  },
})
export class LanguageEntity extends LanguageSchema.class {}
LanguageSchema.setClass(LanguageEntity)

const AgeGroupSchema = defineEntity({
  name: 'AgeGroupEntity',
  tableName: 'age_group',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(60),
    ageFrom: p.integer().nullable(),
    ageTo: p.integer().nullable(),
  },
})
export class AgeGroupEntity extends AgeGroupSchema.class {}
AgeGroupSchema.setClass(AgeGroupEntity)
