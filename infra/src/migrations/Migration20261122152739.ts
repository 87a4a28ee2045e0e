import { Migration } from '@mikro-orm/migrations'

export class Migration20261122152739 extends Migration {
  override name = 'Migration20261122152739'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "age_group" ("id" serial primary key, "name" varchar(60) not null, "age_from" int null, "age_to" int null);`,
    )

    this.addSql(
      `create table "country" ("id" serial primary key, "code" varchar(2) not null, "name" varchar(100) not null);`,
    )
    this.addSql(`alter table "country" add constraint "country_code_unique" unique ("code");`)

    this.addSql(
      `create table "currency" ("id" serial primary key, "code" varchar(3) not null, "name" varchar(100) not null, "symbol" varchar(8) not null, "is_popular" boolean not null default false);`,
    )
    this.addSql(`alter table "currency" add constraint "currency_code_unique" unique ("code");`)

    this.addSql(
      `create table "entry" ("id" serial primary key, "tournament_id" int not null, "event_id" int not null, "ticket_id" int null, "status" varchar(20) not null, "team_name" varchar(200) null, "user_id" int null, "created_at" timestamptz not null);`,
    )
    this.addSql(`create index "entry_event_id_index" on "entry" ("event_id");`)
    this.addSql(
      `create index "entry_tournament_id_status_id_index" on "entry" ("tournament_id", "status", "id");`,
    )

    this.addSql(
      `create table "contestant" ("id" serial primary key, "entry_id" int not null, "position" int not null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "country_code" varchar(2) null, "email" varchar(254) null, "federation_id" varchar(40) null, "age_category_id" int null);`,
    )

    this.addSql(
      `create table "event" ("id" serial primary key, "key" uuid not null, "alias" varchar(120) not null, "organiser_id" int not null, "status" smallint not null, "state" varchar(20) not null, "type" smallint not null default 3, "is_live" boolean not null default true, "is_online" boolean not null default false, "edition_type" smallint not null default 1, "edition_year" int null, "edition_season" varchar(20) null, "date_start" date not null, "date_end" date not null, "country_code" varchar(2) null, "currency_code" varchar(3) not null default 'EUR', "time_zone" varchar(64) not null default 'Europe/Vilnius', "organiser_email" varchar(254) null, "image_url" varchar(500) null, "thumb_url" varchar(500) null, "image_alt" varchar(250) null, "live_results_url" varchar(500) null, "has_live_results" boolean not null default false, "has_final_results" boolean not null default false, "external_page_url" varchar(500) null, "is_recommended" boolean not null default false, "is_youth" boolean not null default false, "ads_enabled" boolean not null default true, "fb_comments_enabled" boolean not null default true, "show_native_name" boolean not null default false, "championship_type_text" varchar(120) null, "state_message" text null, "tournaments_count" int not null default 0, "registration_opens_at" timestamptz null, "registration_closes_at" timestamptz null, "search_text" text not null default '', "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    )
    this.addSql(`alter table "event" add constraint "event_key_unique" unique ("key");`)
    this.addSql(`alter table "event" add constraint "event_alias_unique" unique ("alias");`)
    this.addSql(`create index "event_organiser_id_index" on "event" ("organiser_id");`)
    this.addSql(
      `create index "event_catalogue_idx" on "event" ("date_end", "date_start", "id") where state in ('accepted','postponed','canceled');`,
    )
    this.addSql(`create index "event_start_idx" on "event" ("date_start", "id");`)

    this.addSql(
      `create table "event_content" ("id" serial primary key, "event_id" int not null, "language" varchar(5) not null, "name" varchar(200) not null, "description" text null, "alias" varchar(200) not null, "is_main" boolean not null default false, "type" smallint not null default 1);`,
    )
    this.addSql(
      `alter table "event_content" add constraint "event_content_event_id_language_unique" unique ("event_id", "language");`,
    )

    this.addSql(
      `create table "hotel" ("id" serial primary key, "event_id" int not null, "name" varchar(200) not null, "price_minor" int null, "website_url" varchar(500) null, "address_line" varchar(300) null, "stars" smallint null, "type" smallint not null default 1, "is_active" boolean not null default true);`,
    )
    this.addSql(`create index "hotel_event_id_index" on "hotel" ("event_id");`)

    this.addSql(
      `create table "language" ("id" serial primary key, "code" varchar(5) not null, "name" varchar(60) not null, "native_name" varchar(60) not null, "is_default" boolean not null default false, "is_interface" boolean not null default false);`,
    )
    this.addSql(`alter table "language" add constraint "language_code_unique" unique ("code");`)

    this.addSql(
      `create table "event_location" ("id" serial primary key, "event_id" int not null, "name" varchar(200) null, "address_line" varchar(300) null, "formatted_address" varchar(300) null, "short_address_line" varchar(120) null, "country_code" varchar(2) null, "lat" double precision null, "long" double precision null, "place_id" varchar(200) null, "date_start" date null, "date_end" date null, "has_start_time" boolean not null default false, "has_end_time" boolean not null default false, "start_time" varchar(5) null, "end_time" varchar(5) null, "is_main" boolean not null default false, "type" smallint not null default 1, "external_url" varchar(500) null);`,
    )

    this.addSql(
      `create table "organiser" ("id" serial primary key, "user_id" int not null, "status" smallint not null, "type" smallint not null, "name" varchar(200) not null, "website_url" varchar(500) null, "image_url" varchar(500) null, "email" varchar(254) null, "phone" varchar(40) null, "country_code" varchar(2) null, "created_at" timestamptz not null);`,
    )
    this.addSql(`alter table "organiser" add constraint "organiser_user_id_unique" unique ("user_id");`)

    this.addSql(
      `create table "organiser_page" ("id" serial primary key, "alias" varchar(120) not null, "organiser_id" int not null, "name" varchar(200) not null, "short_name" varchar(60) null, "initials" varchar(8) null, "description" text null, "logo_url" varchar(500) null, "visible" boolean not null default true, "created_at" timestamptz not null);`,
    )
    this.addSql(`alter table "organiser_page" add constraint "organiser_page_alias_unique" unique ("alias");`)
    this.addSql(`create index "organiser_page_organiser_id_index" on "organiser_page" ("organiser_id");`)

    this.addSql(
      `create table "prize_setup" ("id" serial primary key, "tournament_id" int not null, "places_number" int not null, "prize_pool_minor" int null, "custom_prize_pool" varchar(200) null, "custom_prize_text" text null, "is_formula_used" boolean not null default false);`,
    )
    this.addSql(
      `alter table "prize_setup" add constraint "prize_setup_tournament_id_unique" unique ("tournament_id");`,
    )

    this.addSql(
      `create table "stored_file" ("id" serial primary key, "owner_organiser_id" int not null, "kind" varchar(20) not null, "path" varchar(500) not null, "filename" varchar(255) not null, "url" varchar(500) not null, "thumb_url" varchar(500) null, "width" int null, "height" int null, "size" int not null default 0, "uploaded_at" timestamptz not null);`,
    )
    this.addSql(
      `create index "stored_file_owner_organiser_id_index" on "stored_file" ("owner_organiser_id");`,
    )

    this.addSql(
      `create table "tournament" ("id" serial primary key, "event_id" int not null, "alias" varchar(120) not null, "name" varchar(200) not null, "additional_name" varchar(200) null, "type" smallint not null, "is_multi_session" boolean not null default false, "is_complicated" boolean not null default false, "is_complicated_multi_session" boolean not null default false, "is_complicated_multi_round" boolean not null default false, "is_complicated_group" boolean not null default false, "start_date" date not null, "start_time" varchar(5) null, "end_date" date not null, "end_time" varchar(5) null, "points_score_type" varchar(20) not null, "verify_player" boolean not null default false, "results_source" smallint null, "results_url" varchar(500) null, "results_file" varchar(500) null, "rules_and_regulations_file" varchar(500) null, "registration_url" varchar(500) null, "has_registration" boolean not null default true, "is_registration_enabled" boolean not null default true, "registration_start_at" timestamptz null, "registration_end_at" timestamptz null, "registration_type" smallint not null default 1, "player_list_url" varchar(500) null, "player_group_type" smallint null, "order_number" int not null default 0, "is_main" boolean not null default false, "boards" int null, "description" text null, "is_prize_information_enabled" boolean not null default true, "is_player_list_view_enabled" boolean not null default true, "location_name" varchar(200) null);`,
    )
    this.addSql(`create index "tournament_event_id_index" on "tournament" ("event_id");`)
    this.addSql(
      `create index "tournament_event_id_order_number_index" on "tournament" ("event_id", "order_number");`,
    )
    this.addSql(
      `alter table "tournament" add constraint "tournament_event_id_alias_unique" unique ("event_id", "alias");`,
    )

    this.addSql(
      `create table "ticket" ("id" serial primary key, "tournament_id" int not null, "type" smallint not null, "price_minor" int not null default 0, "quantity" int not null, "sold" int not null default 0, "is_for_sale" boolean not null default true, "is_price_per_team" boolean not null default false);`,
    )

    this.addSql(
      `create table "ticket_age_category" ("id" serial primary key, "ticket_id" int not null, "name" varchar(120) not null, "age_from" int null, "age_to" int null, "price_minor" int not null, "quantity" int null, "sold" int not null default 0, "discount_percent" int not null default 0, "sales_start_date" date null, "sales_end_date" date null, "is_early_bird" boolean not null default false, "early_bird_price_minor" int null, "early_bird_sales_start_date" date null, "early_bird_sales_end_date" date null, "early_bird_end_sales_quantity" int null, "enabled" boolean not null default true);`,
    )

    this.addSql(
      `create table "tournament_program_day" ("id" serial primary key, "tournament_id" int not null, "date" date not null, "tours" jsonb not null);`,
    )

    this.addSql(
      `create table "prize" ("id" serial primary key, "tournament_id" int not null, "place_number" int not null, "additional_name" varchar(200) null, "prize_amount_minor" int null, "custom_prize" varchar(200) null, "medal_icon_key" varchar(20) null, "cup_icon_key" varchar(20) null, "type" smallint not null default 1);`,
    )

    this.addSql(
      `create table "tournament_session" ("id" serial primary key, "tournament_id" int not null, "start_date" date not null, "end_date" date null, "start_time" varchar(5) null, "end_time" varchar(5) null, "type" smallint not null default 1, "text" varchar(200) null, "boards" int null);`,
    )

    this.addSql(
      `create table "tournament_stage" ("id" serial primary key, "tournament_id" int not null, "name" varchar(200) not null, "type" smallint not null default 1, "order_number" int not null default 0, "results_url" varchar(500) null);`,
    )

    this.addSql(
      `create table "app_user" ("id" serial primary key, "email" varchar(254) not null, "role" smallint not null default 1, "is_company" boolean not null default false, "first_name" varchar(100) null, "last_name" varchar(100) null, "company_name" varchar(200) null, "language" varchar(5) not null default 'en', "created_at" timestamptz not null);`,
    )
    this.addSql(`alter table "app_user" add constraint "app_user_email_unique" unique ("email");`)

    this.addSql(
      `alter table "contestant" add constraint "contestant_entry_id_foreign" foreign key ("entry_id") references "entry" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "event_content" add constraint "event_content_event_id_foreign" foreign key ("event_id") references "event" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "event_location" add constraint "event_location_event_id_foreign" foreign key ("event_id") references "event" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "ticket" add constraint "ticket_tournament_id_foreign" foreign key ("tournament_id") references "tournament" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "ticket_age_category" add constraint "ticket_age_category_ticket_id_foreign" foreign key ("ticket_id") references "ticket" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "tournament_program_day" add constraint "tournament_program_day_tournament_id_foreign" foreign key ("tournament_id") references "tournament" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "prize" add constraint "prize_tournament_id_foreign" foreign key ("tournament_id") references "tournament" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "tournament_session" add constraint "tournament_session_tournament_id_foreign" foreign key ("tournament_id") references "tournament" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "tournament_stage" add constraint "tournament_stage_tournament_id_foreign" foreign key ("tournament_id") references "tournament" ("id") on delete cascade;`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "contestant" drop constraint "contestant_entry_id_foreign";`)
    this.addSql(`alter table "event_content" drop constraint "event_content_event_id_foreign";`)
    this.addSql(`alter table "event_location" drop constraint "event_location_event_id_foreign";`)
    this.addSql(`alter table "ticket" drop constraint "ticket_tournament_id_foreign";`)
    this.addSql(
      `alter table "tournament_program_day" drop constraint "tournament_program_day_tournament_id_foreign";`,
    )
    this.addSql(`alter table "prize" drop constraint "prize_tournament_id_foreign";`)
    this.addSql(
      `alter table "tournament_session" drop constraint "tournament_session_tournament_id_foreign";`,
    )
    this.addSql(`alter table "tournament_stage" drop constraint "tournament_stage_tournament_id_foreign";`)
    this.addSql(`alter table "ticket_age_category" drop constraint "ticket_age_category_ticket_id_foreign";`)

    this.addSql(`drop table if exists "age_group" cascade;`)
    this.addSql(`drop table if exists "country" cascade;`)
    this.addSql(`drop table if exists "currency" cascade;`)
    this.addSql(`drop table if exists "entry" cascade;`)
    this.addSql(`drop table if exists "contestant" cascade;`)
    this.addSql(`drop table if exists "event" cascade;`)
    this.addSql(`drop table if exists "event_content" cascade;`)
    this.addSql(`drop table if exists "hotel" cascade;`)
    this.addSql(`drop table if exists "language" cascade;`)
    this.addSql(`drop table if exists "event_location" cascade;`)
    this.addSql(`drop table if exists "organiser" cascade;`)
    this.addSql(`drop table if exists "organiser_page" cascade;`)
    this.addSql(`drop table if exists "prize_setup" cascade;`)
    this.addSql(`drop table if exists "stored_file" cascade;`)
    this.addSql(`drop table if exists "tournament" cascade;`)
    this.addSql(`drop table if exists "ticket" cascade;`)
    this.addSql(`drop table if exists "ticket_age_category" cascade;`)
    this.addSql(`drop table if exists "tournament_program_day" cascade;`)
    this.addSql(`drop table if exists "prize" cascade;`)
    this.addSql(`drop table if exists "tournament_session" cascade;`)
    this.addSql(`drop table if exists "tournament_stage" cascade;`)
    this.addSql(`drop table if exists "app_user" cascade;`)
  }
}
