import { Migration } from '@mikro-orm/migrations'

/** The languages spoken at an event (general information of the creation wizard). */
export class Migration20261123000010 extends Migration {
  override name = 'Migration20261123000010'

  override up(): void {
    this.addSql(`alter table "event" add column "languages" jsonb not null default '[]';`)
  }

  override down(): void {
    this.addSql(`alter table "event" drop column "languages";`)
  }
}
