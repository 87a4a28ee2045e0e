import { Migration } from '@mikro-orm/migrations'

/**
 * An entry's total is 64-bit (issue 13): a ticket may cost up to `tournamentLimits.moneyMinor` (10 million in
 * major units) and an entry holds up to six players, so a total can pass 2^31 - 1 minor units, which the
 * integer column refused with a 500. Every total now fits; the lines' own totals are JSON numbers already.
 */
export class Migration20261126110000 extends Migration {
  override name = 'Migration20261126110000'

  override up(): void {
    this.addSql(`alter table "entry" alter column "total_minor" type bigint;`)
  }

  override down(): void {
    this.addSql(`alter table "entry" alter column "total_minor" type integer;`)
  }
}
