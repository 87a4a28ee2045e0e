import { Migration } from '@mikro-orm/migrations'

/**
 * The few organisers who are not accepted, as an index of their own (issue 16). Every public read keeps an event
 * only when none of them is its organiser (`visibleToPublic`): each part of a catalogue listing hashed them, and
 * found them by reading the whole organiser table for it. The index holds only those few; the database reads them
 * from it alone (a catalogue search with two parts: 0.13 ms of its 2.2 ms, docs/decisions/025).
 */
export class Migration20261127120000 extends Migration {
  override name = 'Migration20261127120000'

  override up(): void {
    this.addSql(`create index "organiser_not_accepted_idx" on "organiser" ("id") where status <> 3;`)
  }

  override down(): void {
    this.addSql(`drop index if exists "organiser_not_accepted_idx";`)
  }
}
