import { Migration } from '@mikro-orm/migrations'

/**
 * The e-mail outbox (hand-written: the table has no entity). Domains insert rows in the transaction of
 * the change that caused them; the worker delivers them. Status: pending 1, sent 2, failed 3, kept 4.
 */
export class Migration20261122190000 extends Migration {
  override up(): void {
    this.addSql(
      `create table "mail_outbox" (
        "id" bigserial primary key,
        "recipient" varchar(254) not null,
        "subject" varchar(300) not null,
        "text_body" text not null,
        "html_body" text null,
        "kind" varchar(60) not null,
        "language" varchar(5) not null,
        "status" smallint not null default 1 constraint "mail_outbox_status_check" check ("status" in (1, 2, 3, 4)),
        "attempts" int not null default 0,
        "next_attempt_at" timestamptz not null default now(),
        "last_error" text null,
        "created_at" timestamptz not null default now(),
        "sent_at" timestamptz null
      );`,
    )
    // The delivery queue reads only pending rows that are due; sent ones pile up outside this index.
    this.addSql(
      'create index "mail_outbox_pending_index" on "mail_outbox" ("next_attempt_at", "id") where "status" = 1;',
    )
  }

  override down(): void {
    this.addSql('drop table "mail_outbox";')
  }
}
