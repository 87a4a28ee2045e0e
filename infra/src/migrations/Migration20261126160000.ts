import { Migration } from '@mikro-orm/migrations'

/**
 * A postponed event either has its new dates (stored as its dates) or says they are to be announced
 * (docs/decisions/032): the flag is set by postpone without dates and cleared by postpone with dates and by
 * publishing again.
 */
export class Migration20261126160000 extends Migration {
  override name = 'Migration20261126160000'

  override up(): void {
    this.addSql(`alter table "event" add column "dates_to_be_announced" boolean not null default false;`)
  }

  override down(): void {
    this.addSql(`alter table "event" drop column "dates_to_be_announced";`)
  }
}
