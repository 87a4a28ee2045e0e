import { Migration } from '@mikro-orm/migrations'

/**
 * The catalogue's word list (docs/decisions/022): every word of a public event's search text, once. Text that
 * matches nothing as typed is searched again with each word corrected to the nearest one here, which a GiST
 * trigram index finds in a few pages; matching similar words against every event's whole search text instead cost
 * tens of milliseconds at 50,000 events. Triggers keep the list as events are written, however they are written
 * (the editor, the seed, bulk loads); a word that no public event uses any more stays, harmlessly: a search
 * corrected to it finds nothing. Words split where the visitor's text splits (typedWords in
 * domains/events/src/internal/CatalogueSql.ts).
 */
export class Migration20261125180000 extends Migration {
  override name = 'Migration20261125180000'

  override up(): void {
    const words = (rows: string) => `
      insert into "event_word" ("word")
      select distinct w.word
        from ${rows} e,
             regexp_split_to_table(e.search_text, '[[:space:],.;:!?()"''„“”«»‹›/\\\\|+&*#@%=<>~^_–—-]+') as w(word)
       where e.state in ('accepted', 'postponed', 'canceled') and length(w.word) between 3 and 60
       order by w.word
      on conflict do nothing`
    this.addSql(
      `create table "event_word" ("word" varchar(60) not null, constraint "event_word_pkey" primary key ("word"));`,
    )
    this.addSql(`create index "event_word_trgm" on "event_word" using gist ("word" gist_trgm_ops);`)
    this.addSql(`${words('"event"')};`)
    // Sorted inserts: two transactions adding the same new words take their locks in one order, never crosswise.
    this.addSql(`create or replace function "event_word_collect"() returns trigger language plpgsql as $$
      begin
        ${words('new_rows')};
        return null;
      end
    $$;`)
    for (const [name, on] of [
      ['event_word_on_insert', 'insert'],
      ['event_word_on_update', 'update'],
    ])
      this.addSql(
        `create trigger "${name}" after ${on} on "event" referencing new table as new_rows for each statement execute function "event_word_collect"();`,
      )
  }

  override down(): void {
    this.addSql(`drop trigger if exists "event_word_on_update" on "event";`)
    this.addSql(`drop trigger if exists "event_word_on_insert" on "event";`)
    this.addSql(`drop function if exists "event_word_collect"();`)
    this.addSql(`drop table if exists "event_word";`)
  }
}
