CREATE TABLE "contact_replies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_on_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_id_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at","id");--> statement-breakpoint
-- The inbox's unfiltered total is one row read, kept by the same triggers as the other lists.
INSERT INTO "row_counts" ("table_name", "count") SELECT 'contact_messages', count(*) FROM "contact_messages";--> statement-breakpoint
CREATE TRIGGER "contact_messages_rows_inserted" AFTER INSERT ON "contact_messages" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "contact_messages_rows_deleted" AFTER DELETE ON "contact_messages" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
-- The Messages screen in the content menu, for installations old and new.
INSERT INTO "client_permissions" ("id", "name", "menu", "menu_order", "path", "description", "auth")
SELECT gen_random_uuid(), 'Messages', 'content', 21, '/messages', 'Messages sent through the contact page', true
WHERE NOT EXISTS (SELECT 1 FROM "client_permissions" WHERE "path" = '/messages');
