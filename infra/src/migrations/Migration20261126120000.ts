import { Migration } from '@mikro-orm/migrations'

/**
 * Sign-in throttling that strangers cannot turn against an account's owner (docs/decisions/028):
 * - `known_device`: browsers that signed in to an account (only the SHA-256 of the device cookie's random
 *   token); a login from one is judged by its own failure budget, never by strangers' failures;
 * - `password_reset_request`: forgot-password requests wait here for the worker, so the request itself does
 *   the same work whether the address has an account or not. A new row wakes the e-mail worker (the outbox's
 *   channel), which turns requests into reset e-mails before it delivers the outbox.
 */
export class Migration20261126120000 extends Migration {
  override name = 'Migration20261126120000'

  override up(): void {
    this.addSql(
      `create table "known_device" ("id" serial primary key, "token_hash" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "last_used_at" timestamptz not null, "expires_at" timestamptz not null);`,
    )
    this.addSql(
      `alter table "known_device" add constraint "known_device_token_hash_user_id_unique" unique ("token_hash", "user_id");`,
    )
    this.addSql(`create index "known_device_user_id_index" on "known_device" ("user_id");`)
    this.addSql(`create index "known_device_expires_at_index" on "known_device" ("expires_at");`)
    this.addSql(
      `alter table "known_device" add constraint "known_device_user_id_fk" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    )
    this.addSql(
      `create table "password_reset_request" ("id" bigserial primary key, "email" varchar(254) not null, "requested_at" timestamptz not null);`,
    )
    this.addSql(
      `create index "password_reset_request_requested_at_index" on "password_reset_request" ("requested_at");`,
    )
    this.addSql(`create or replace function "password_reset_request_notify"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('mail_outbox', '');
        return null;
      end $$;`)
    this.addSql(
      `create trigger "password_reset_request_notify" after insert on "password_reset_request" for each statement execute function "password_reset_request_notify"();`,
    )
  }

  override down(): void {
    this.addSql(`drop table if exists "password_reset_request" cascade;`)
    this.addSql(`drop function if exists "password_reset_request_notify"();`)
    this.addSql(`drop table if exists "known_device" cascade;`)
  }
}
