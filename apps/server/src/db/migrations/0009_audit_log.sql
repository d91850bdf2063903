CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"changes" jsonb,
	"ip" text,
	"user_agent" text,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id","at");--> statement-breakpoint
-- Entries are never changed or removed by the product, whatever a request does; only the
-- retention job and the erasure of a deleted person's address, which set audit.maintenance for
-- their own transaction, may.
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('audit.maintenance', true), '') = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "count") VALUES ('audit_events', 0);
--> statement-breakpoint
CREATE TRIGGER "audit_events_rows_inserted" AFTER INSERT ON "audit_events" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "audit_events_rows_deleted" AFTER DELETE ON "audit_events" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "audit_events_inserted" AFTER INSERT ON "audit_events" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "audit_events_deleted" AFTER DELETE ON "audit_events" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
