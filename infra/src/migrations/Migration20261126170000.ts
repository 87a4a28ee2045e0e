import { Migration } from '@mikro-orm/migrations'

/**
 * An entry's second status link (decision 033): the "payment received" e-mail links to the registrant's own status
 * page, and since only a hash of the first link is kept, the receipt carries a new one; either opens the page.
 */
export class Migration20261126170000 extends Migration {
  override name = 'Migration20261126170000'

  override up(): void {
    this.addSql(`alter table "entry" add column "receipt_token_hash" varchar(64) null;`)
    this.addSql(`create unique index "entry_receipt_token_hash_unique" on "entry" ("receipt_token_hash");`)
  }

  override down(): void {
    this.addSql(`drop index if exists "entry_receipt_token_hash_unique";`)
    this.addSql(`alter table "entry" drop column if exists "receipt_token_hash";`)
  }
}
