-- An archived message that had been answered or marked handled is restored as handled, not as new.
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
-- Before, only a reply told: a message handled, or archived after a reply, keeps its last reply's time.
UPDATE "contact_messages" m SET "handled_at" = coalesce(
  (SELECT max(r."created_at") FROM "contact_replies" r WHERE r."message_id" = m."id"),
  CASE WHEN m."status" = 'handled' THEN m."created_at" END
);
