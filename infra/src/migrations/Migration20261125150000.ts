import { Migration } from '@mikro-orm/migrations'

/**
 * E-mails a worker claimed name it (docs/decisions/023): when that worker dies mid-batch (kill -9, a lost machine)
 * the next sweep of a live worker hands its claims back at once, instead of after the 15-minute lease.
 */
export class Migration20261125150000 extends Migration {
  override name = 'Migration20261125150000'

  override up(): void {
    this.addSql(`alter table "mail_outbox" add column "claimed_by" varchar(100) null;`)
  }

  override down(): void {
    this.addSql(`alter table "mail_outbox" drop column "claimed_by";`)
  }
}
