import { Migration } from '@mikro-orm/migrations'

/**
 * Accounts: an e-mail change link carries the new address it confirms. Generated from the entities, then
 * trimmed by hand: the generator also proposed dropping the hand-written keys, which stay.
 */
export class Migration20261122180557 extends Migration {
  override name = 'Migration20261122180557'

  override up(): void {
    this.addSql(`alter table "auth_token" add "email" varchar(254) null;`)
  }

  override down(): void {
    this.addSql(`alter table "auth_token" drop column "email";`)
  }
}
