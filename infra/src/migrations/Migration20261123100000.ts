import { Migration } from '@mikro-orm/migrations'

/**
 * Registration (issue 5): an entry becomes a registration with its contact, price, payment and secret status
 * link; each contestant carries the ticket they chose and whether the federation knew them; every organiser
 * action on an entry is audited; an event keeps the bank account its entries are paid to.
 */
export class Migration20261123100000 extends Migration {
  override name = 'Migration20261123100000'

  override up(): void {
    this.addSql(`alter table "entry"
      add column "contact_email" varchar(254) null,
      add column "language" varchar(5) not null default 'en',
      add column "total_minor" int not null default 0,
      add column "currency_code" varchar(3) not null default 'EUR',
      add column "lines" jsonb not null default '[]',
      add column "payment_method" varchar(20) not null default 'free',
      add column "reference" varchar(25) null,
      add column "status_token_hash" char(64) null,
      add column "expires_at" timestamptz null,
      add column "paid_at" timestamptz null,
      add column "canceled_at" timestamptz null,
      add column "card_session_id" varchar(255) null,
      add column "updated_at" timestamptz not null default now();`)
    this.addSql(`alter table "entry" add constraint "entry_status_check"
      check ("status" in ('pending', 'confirmed', 'canceled', 'expired'));`)
    this.addSql(`alter table "entry" add constraint "entry_total_minor_check" check ("total_minor" >= 0);`)
    this.addSql(`create unique index "entry_reference_unique" on "entry" ("reference");`)
    this.addSql(`create unique index "entry_status_token_hash_unique" on "entry" ("status_token_hash");`)
    this.addSql(`create unique index "entry_card_session_id_unique" on "entry" ("card_session_id");`)
    // The expiry job reads only the pending entries that hold tickets until a deadline.
    this.addSql(
      `create index "entry_pending_expiry_index" on "entry" ("expires_at") where "status" = 'pending' and "expires_at" is not null;`,
    )
    // The organiser's list pages through an event's entries newest first.
    this.addSql(`create index "entry_event_id_id_index" on "entry" ("event_id", "id");`)
    this.addSql(`alter table "contestant"
      add column "ticket_id" int null,
      add column "federation_verified" boolean null;`)
    this.addSql(
      `alter table "contestant" add constraint "contestant_ticket_id_fk" foreign key ("ticket_id") references "ticket" ("id") on delete set null;`,
    )
    this.addSql(`create index "contestant_ticket_id_index" on "contestant" ("ticket_id");`)
    this.addSql(`create table "entry_audit" (
      "id" serial primary key,
      "entry_id" int not null references "entry" ("id") on delete cascade,
      "actor_user_id" int null,
      "action" varchar(30) not null,
      "details" jsonb not null default '{}',
      "at" timestamptz not null default now());`)
    this.addSql(`create index "entry_audit_entry_id_index" on "entry_audit" ("entry_id");`)
    this.addSql(`alter table "event"
      add column "payment_beneficiary" varchar(140) null,
      add column "payment_iban" varchar(34) null,
      add column "payment_bic" varchar(11) null;`)
  }

  override down(): void {
    this.addSql(
      `alter table "event" drop column "payment_beneficiary", drop column "payment_iban", drop column "payment_bic";`,
    )
    this.addSql(`drop table if exists "entry_audit";`)
    this.addSql(`alter table "contestant" drop constraint if exists "contestant_ticket_id_fk";`)
    this.addSql(`alter table "contestant" drop column "ticket_id", drop column "federation_verified";`)
    this.addSql(`drop index if exists "entry_pending_expiry_index";`)
    this.addSql(`drop index if exists "entry_event_id_id_index";`)
    this.addSql(`drop index if exists "entry_reference_unique";`)
    this.addSql(`drop index if exists "entry_status_token_hash_unique";`)
    this.addSql(`drop index if exists "entry_card_session_id_unique";`)
    this.addSql(`alter table "entry" drop constraint if exists "entry_status_check";`)
    this.addSql(`alter table "entry" drop constraint if exists "entry_total_minor_check";`)
    this.addSql(`alter table "entry"
      drop column "contact_email", drop column "language", drop column "total_minor", drop column "currency_code",
      drop column "lines", drop column "payment_method", drop column "reference", drop column "status_token_hash",
      drop column "expires_at", drop column "paid_at", drop column "canceled_at", drop column "card_session_id",
      drop column "updated_at";`)
  }
}
