import { Migration } from '@mikro-orm/migrations'

/**
 * Indexes for the hourly purge (infra/src/maintenance.ts), hand-written: each one serves one of its deletes,
 * which would otherwise read the whole table every hour. The entities do not declare them, so a generated
 * migration would propose dropping them; trim that out, as for Migration20261122152800.
 */
export class Migration20261122200000 extends Migration {
  override name = 'Migration20261122200000'

  override up(): void {
    // The throttling index leads with (scope, key); the purge ranges over "at" alone.
    this.addSql(`create index "auth_attempt_at_index" on "auth_attempt" ("at");`)
    // user_session ("expires_at") exists already (Migration20261122172847).
    this.addSql(
      `create index "user_session_revoked_at_index" on "user_session" ("revoked_at") where "revoked_at" is not null;`,
    )
    this.addSql(`create index "auth_token_expires_at_index" on "auth_token" ("expires_at");`)
    this.addSql(
      `create index "auth_token_used_at_index" on "auth_token" ("used_at") where "used_at" is not null;`,
    )
    // Sent rows by sent_at; the rarer failed and kept rows are found by their leading status.
    this.addSql(`create index "mail_outbox_status_sent_at_index" on "mail_outbox" ("status", "sent_at");`)
  }

  override down(): void {
    this.addSql(`drop index if exists "mail_outbox_status_sent_at_index";`)
    this.addSql(`drop index if exists "auth_token_used_at_index";`)
    this.addSql(`drop index if exists "auth_token_expires_at_index";`)
    this.addSql(`drop index if exists "user_session_revoked_at_index";`)
    this.addSql(`drop index if exists "auth_attempt_at_index";`)
  }
}
