import { Migration } from '@mikro-orm/migrations'

/**
 * Idempotent registration (docs/decisions/023): an API client that sends `Idempotency-Key` and retries after a
 * lost answer gets the entry it already made, never a second one. One row per key (hashed with the tournament),
 * taken first in the registering transaction, so a concurrent duplicate waits and then answers the same entry.
 * The row keeps the entry's status-link secret for the replay's answer (the entry keeps only its hash); both go
 * after a day.
 */
export class Migration20261125140000 extends Migration {
  override name = 'Migration20261125140000'

  override up(): void {
    this.addSql(`create table "registration_request" (
      "key_hash" varchar(64) not null,
      "request_hash" varchar(64) not null,
      "entry_id" int null,
      "status_token" varchar(64) null,
      "created_at" timestamptz not null default now(),
      constraint "registration_request_pkey" primary key ("key_hash"),
      constraint "registration_request_entry_id_fk" foreign key ("entry_id") references "entry" ("id") on delete cascade
    );`)
    this.addSql(
      `create index "registration_request_created_at_index" on "registration_request" ("created_at");`,
    )
  }

  override down(): void {
    this.addSql(`drop table if exists "registration_request";`)
  }
}
