import { Migration } from '@mikro-orm/migrations'

/**
 * The sitemap the worker writes (infra/src/sitemap.ts): the index and its parts as XML, replaced together in one
 * transaction, so /sitemap.xml always lists parts that exist.
 */
export class Migration20261125160000 extends Migration {
  override name = 'Migration20261125160000'

  override up(): void {
    this.addSql(`create table "sitemap_part" (
      "name" varchar(100) not null,
      "xml" text not null,
      "urls" int not null,
      "generated_at" timestamptz not null default now(),
      constraint "sitemap_part_pkey" primary key ("name")
    );`)
  }

  override down(): void {
    this.addSql(`drop table if exists "sitemap_part";`)
  }
}
