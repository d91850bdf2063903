CREATE TABLE "event_rsvps" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"place" text,
	"description" text,
	"image_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"capacity" integer,
	"rsvp_enabled" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"revision" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_event_user_key" ON "event_rsvps" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_event_created_idx" ON "event_rsvps" USING btree ("event_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_user_idx" ON "event_rsvps" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "events_ends_at_idx" ON "events" USING btree ("ends_at","id");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "events_title_idx" ON "events" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "events_status_starts_at_idx" ON "events" USING btree ("status","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_published_ends_at_idx" ON "events" USING btree ("ends_at","starts_at","id") WHERE "events"."status" = 'published';--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_place_trgm_idx" ON "events" USING gin ("place" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_image_idx" ON "events" USING btree ("image_id");--> statement-breakpoint
-- The admin list's unfiltered total is one row read, kept by the same triggers as the other lists.
INSERT INTO "row_counts" ("table_name", "count") SELECT 'events', count(*) FROM "events";--> statement-breakpoint
CREATE TRIGGER "events_rows_inserted" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "events_rows_deleted" AFTER DELETE ON "events" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
-- Public event pages and feeds are served from memory until an event or an answer to one changes.
CREATE TRIGGER "events_inserted" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "events_updated" AFTER UPDATE ON "events" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "events_deleted" AFTER DELETE ON "events" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "events_truncated" AFTER TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "event_rsvps_inserted" AFTER INSERT ON "event_rsvps" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "event_rsvps_updated" AFTER UPDATE ON "event_rsvps" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "event_rsvps_deleted" AFTER DELETE ON "event_rsvps" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "event_rsvps_truncated" AFTER TRUNCATE ON "event_rsvps" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
-- The events screen in the content menu, for installations old and new. Its path is relative to
-- /admin, so it shares '/events' with the public Events page (menu normal, no sign-in): only an
-- admin entry of that path counts as already there.
INSERT INTO "client_permissions" ("id", "name", "menu", "menu_order", "path", "description", "auth")
SELECT gen_random_uuid(), 'Manage events', 'content', 22, '/events', 'Events, their publishing and attendees', true
WHERE NOT EXISTS (SELECT 1 FROM "client_permissions" WHERE "path" = '/events' AND "menu" = 'content' AND "auth");
