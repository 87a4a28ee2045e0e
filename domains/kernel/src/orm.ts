import {
  AgeGroupEntity,
  CountryEntity,
  CurrencyEntity,
  LanguageEntity,
} from './internal/entities/LookupEntities.ts'

/** Entity classes for the ORM set-up in infra/ only; no other package may use them. */
export const entities = [CountryEntity, CurrencyEntity, LanguageEntity, AgeGroupEntity]
