import { Migration } from '@mikro-orm/migrations'

/**
 * Accounts: the user's avatar and its thumbnail (public paths under /files/). Generated from the entities,
 * then trimmed by hand: the generator also proposed dropping the hand-written keys, which stay.
 */
export class Migration20261122175539 extends Migration {
  override name = 'Migration20261122175539'

  override up(): void {
    this.addSql(
      `alter table "app_user" add "avatar_url" varchar(300) null, add "avatar_thumb_url" varchar(300) null;`,
    )
  }

  override down(): void {
    this.addSql(`alter table "app_user" drop column "avatar_url", drop column "avatar_thumb_url";`)
  }
}
