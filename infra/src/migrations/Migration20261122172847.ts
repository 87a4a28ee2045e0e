import { Migration } from '@mikro-orm/migrations'

/**
 * Accounts: passwords, activation, sessions, e-mailed tokens, social identities and throttling counters
 * (generated from the entities, then trimmed by hand: the generator proposed dropping the hand-written keys
 * of Migration20261122152800, which stay).
 */
export class Migration20261122172847 extends Migration {
  override name = 'Migration20261122172847'

  override up(): void {
    this.addSql(
      `create table "auth_attempt" ("id" bigserial primary key, "scope" varchar(20) not null, "key" varchar(300) not null, "at" timestamptz not null);`,
    )
    this.addSql(`create index "auth_attempt_scope_key_at_index" on "auth_attempt" ("scope", "key", "at");`)
    this.addSql(
      `create table "auth_token" ("id" serial primary key, "token_hash" varchar(64) not null, "purpose" smallint not null, "user_id" int not null, "organiser_id" int null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null);`,
    )
    this.addSql(
      `alter table "auth_token" add constraint "auth_token_token_hash_unique" unique ("token_hash");`,
    )
    this.addSql(`create index "auth_token_user_id_index" on "auth_token" ("user_id");`)
    this.addSql(
      `create table "user_session" ("id" serial primary key, "token_hash" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, "absolute_expires_at" timestamptz not null, "revoked_at" timestamptz null, "ip" varchar(64) null, "user_agent" varchar(300) null);`,
    )
    this.addSql(
      `alter table "user_session" add constraint "user_session_token_hash_unique" unique ("token_hash");`,
    )
    this.addSql(`create index "user_session_user_id_index" on "user_session" ("user_id");`)
    this.addSql(
      `create table "social_identity" ("id" serial primary key, "user_id" int not null, "provider" smallint not null, "subject" varchar(255) not null, "email" varchar(254) null, "created_at" timestamptz not null);`,
    )
    this.addSql(
      `alter table "social_identity" add constraint "social_identity_provider_subject_unique" unique ("provider", "subject");`,
    )
    this.addSql(
      `alter table "social_identity" add constraint "social_identity_user_id_provider_unique" unique ("user_id", "provider");`,
    )
    this.addSql(
      `alter table "organiser" add "first_name" varchar(100) null, add "last_name" varchar(100) null, add "company_code" varchar(40) null, add "vat_number" varchar(40) null, add "decided_at" timestamptz null;`,
    )
    this.addSql(
      `alter table "app_user" add "password_hash" text null, add "activated_at" timestamptz null, add "banned_at" timestamptz null, add "rules_accepted_at" timestamptz null, add "phone" varchar(40) null, add "description" varchar(250) null, add "languages" jsonb not null default '[]', add "currency_id" int null, add "country_code" varchar(2) null, add "id_provider" smallint null, add "id_number" varchar(40) null, add "updated_at" timestamptz null;`,
    )
    this.addSql(
      `alter table "auth_token" add constraint "auth_token_user_id_fk" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    )
    this.addSql(
      `alter table "auth_token" add constraint "auth_token_organiser_id_fk" foreign key ("organiser_id") references "organiser" ("id") on delete cascade;`,
    )
    this.addSql(
      `alter table "user_session" add constraint "user_session_user_id_fk" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    )
    this.addSql(
      `alter table "social_identity" add constraint "social_identity_user_id_fk" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    )
    this.addSql(
      `alter table "app_user" add constraint "app_user_currency_id_fk" foreign key ("currency_id") references "currency" ("id") on delete set null;`,
    )
    this.addSql(`create index "user_session_expires_at_index" on "user_session" ("expires_at");`)
  }

  override down(): void {
    this.addSql(`drop table if exists "auth_attempt" cascade;`)
    this.addSql(`drop table if exists "auth_token" cascade;`)
    this.addSql(`drop table if exists "user_session" cascade;`)
    this.addSql(`drop table if exists "social_identity" cascade;`)
    this.addSql(`alter table "app_user" drop constraint if exists "app_user_currency_id_fk";`)
    this.addSql(
      `alter table "app_user" drop column "password_hash", drop column "activated_at", drop column "banned_at", drop column "rules_accepted_at", drop column "phone", drop column "description", drop column "languages", drop column "currency_id", drop column "country_code", drop column "id_provider", drop column "id_number", drop column "updated_at";`,
    )
    this.addSql(
      `alter table "organiser" drop column "first_name", drop column "last_name", drop column "company_code", drop column "vat_number", drop column "decided_at";`,
    )
  }
}
