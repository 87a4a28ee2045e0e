import { Migration } from '@mikro-orm/migrations'

/**
 * The catalogue's word list (docs/decisions/022): every word of a public event's search text, once. Text that
 * matches nothing as typed is searched again with each word corrected to the nearest one here, which a GiST
 * trigram index finds in a few pages; matching similar words against every event's whole search text instead cost
 * tens of milliseconds at 50,000 events. Triggers keep the list as events are written, however they are written
 * (the editor, the seed; a bulk load that skips triggers refills it from event_words_of). A word that no public
 * event uses any more stays, harmlessly: a search corrected to it finds nothing. Words split where the visitor's
 * text splits (typedWords in domains/events/src/internal/CatalogueSql.ts).
 */
export class Migration20261125180000 extends Migration {
  override name = 'Migration20261125180000'

  override up(): void {
    const publicStates = `('accepted', 'postponed', 'canceled')`
    this.addSql(
      `create table "event_word" ("word" varchar(60) not null, constraint "event_word_pkey" primary key ("word"));`,
    )
    this.addSql(`create index "event_word_trgm" on "event_word" using gist ("word" gist_trgm_ops);`)
    // The words of a search text, as the list keeps them.
    this.addSql(`create function "event_words_of"(text) returns setof text language sql immutable parallel safe as $$
      select w from regexp_split_to_table($1, '[[:space:],.;:!?()"''„“”«»‹›/\\|+&*#@%=<>~^_–—-]+') as w
       where length(w) between 3 and 60
    $$;`)
    // Sorted inserts: two transactions adding the same new words take their locks in one order, never crosswise.
    const collect = (rows: string) =>
      `insert into "event_word" ("word")
       select distinct w from ${rows} e, "event_words_of"(e.search_text) w
        where e.state in ${publicStates} order by 1
       on conflict do nothing`
    this.addSql(`${collect('"event"')};`)
    this.addSql(`create function "event_word_collect"() returns trigger language plpgsql as $$
      begin
        ${collect('new_rows')};
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
    this.addSql(`drop function if exists "event_words_of"(text);`)
    this.addSql(`drop table if exists "event_word";`)
  }
}
