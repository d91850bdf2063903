-- A registration's notices were found by their wording when it was decided: renamed before the
-- decision, or deleted meanwhile, the registrant's notices stayed unread for every administrator.
-- They now name the invite they are about.
ALTER TABLE "notifications" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
CREATE INDEX "notifications_subject_idx" ON "notifications" USING btree ("subject_id") WHERE "notifications"."subject_id" is not null and "notifications"."read_at" is null;--> statement-breakpoint
-- Notices of registrations still waiting, written before, in the words they were written in.
UPDATE "notifications" AS n SET "subject_id" = i."id"
FROM "invites" AS i JOIN "users" AS u ON u."id" = i."user_id"
WHERE i."status" = 'submitted' AND n."read_at" IS NULL
  AND n."title" = 'A registration awaits approval'
  AND n."body" = u."name" || ' <' || u."email" || '> registered through an invite.';
