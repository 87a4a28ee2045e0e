import { Migration } from '@mikro-orm/migrations'

/** Every tournament's registration window on the event, so a gap between two reads as closed. */
export class Migration20261122170724 extends Migration {
  override up(): void {
    this.addSql(`alter table "event" add "registration_windows" jsonb not null default '[]';`)
  }

  override down(): void {
    this.addSql('alter table "event" drop column "registration_windows";')
  }
}
