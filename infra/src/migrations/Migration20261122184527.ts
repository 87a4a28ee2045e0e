import { Migration } from '@mikro-orm/migrations'

/**
 * Events: the audit trail of state transitions. Generated from the entities, then trimmed by hand: the
 * generator also proposed dropping the hand-written keys, which stay.
 */
export class Migration20261122184527 extends Migration {
  override name = 'Migration20261122184527'

  override up(): void {
    this.addSql(
      `create table "event_audit" ("id" bigserial primary key, "event_id" int not null, "action" varchar(40) not null, "actor_user_id" int not null, "from_state" varchar(20) not null, "to_state" varchar(20) null, "message" text null, "at" timestamptz not null);`,
    )
    this.addSql(`create index "event_audit_event_id_at_index" on "event_audit" ("event_id", "at");`)
  }

  override down(): void {
    this.addSql(`drop table if exists "event_audit" cascade;`)
  }
}
