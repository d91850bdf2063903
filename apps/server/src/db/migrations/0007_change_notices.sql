-- A statement announces its table only when it changed a row: an UPDATE or DELETE that matched
-- nothing must not make every instance drop its caches.
CREATE OR REPLACE FUNCTION "announce_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed_rows") THEN
    PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "users_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_updated" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER "profiles_changed" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "profiles_inserted" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "profiles_updated" AFTER UPDATE ON "profiles" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "profiles_deleted" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "profiles_truncated" AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER "roles_changed" ON "roles";
--> statement-breakpoint
CREATE TRIGGER "roles_inserted" AFTER INSERT ON "roles" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_updated" AFTER UPDATE ON "roles" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_deleted" AFTER DELETE ON "roles" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_truncated" AFTER TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER "user_roles_changed" ON "user_roles";
--> statement-breakpoint
CREATE TRIGGER "user_roles_inserted" AFTER INSERT ON "user_roles" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_updated" AFTER UPDATE ON "user_roles" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_deleted" AFTER DELETE ON "user_roles" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_truncated" AFTER TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER "permissions_changed" ON "permissions";
--> statement-breakpoint
CREATE TRIGGER "permissions_inserted" AFTER INSERT ON "permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "permissions_updated" AFTER UPDATE ON "permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "permissions_deleted" AFTER DELETE ON "permissions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "permissions_truncated" AFTER TRUNCATE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER "role_permissions_changed" ON "role_permissions";
--> statement-breakpoint
CREATE TRIGGER "role_permissions_inserted" AFTER INSERT ON "role_permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_updated" AFTER UPDATE ON "role_permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_deleted" AFTER DELETE ON "role_permissions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_truncated" AFTER TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER "role_client_permissions_changed" ON "role_client_permissions";
--> statement-breakpoint
CREATE TRIGGER "role_client_permissions_inserted" AFTER INSERT ON "role_client_permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_client_permissions_updated" AFTER UPDATE ON "role_client_permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_client_permissions_deleted" AFTER DELETE ON "role_client_permissions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_client_permissions_truncated" AFTER TRUNCATE ON "role_client_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER "client_permissions_changed" ON "client_permissions";
--> statement-breakpoint
CREATE TRIGGER "client_permissions_inserted" AFTER INSERT ON "client_permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "client_permissions_updated" AFTER UPDATE ON "client_permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "client_permissions_deleted" AFTER DELETE ON "client_permissions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "client_permissions_truncated" AFTER TRUNCATE ON "client_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER "invites_changed" ON "invites";
--> statement-breakpoint
CREATE TRIGGER "invites_inserted" AFTER INSERT ON "invites" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "invites_updated" AFTER UPDATE ON "invites" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "invites_deleted" AFTER DELETE ON "invites" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "invites_truncated" AFTER TRUNCATE ON "invites" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER "notifications_changed" ON "notifications";
--> statement-breakpoint
CREATE TRIGGER "notifications_inserted" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "notifications_updated" AFTER UPDATE ON "notifications" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "notifications_deleted" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "notifications_truncated" AFTER TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
-- A session is cached by id until it ends: only ending one (or deleting rows) is news. New
-- sessions and their last-seen times are not, so signing in never empties another's cache.
CREATE OR REPLACE FUNCTION "announce_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE n."revoked_at" IS DISTINCT FROM o."revoked_at") THEN
    PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_updated" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_sessions_ended"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "announce_live_sessions_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed_rows" WHERE "revoked_at" IS NULL AND "expires_at" > now()) THEN
    PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_live_sessions_deleted"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
-- Images whose owner was deleted before images went with their owner, and that no profile shows.
DELETE FROM "images" i WHERE i."owner_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "profiles" p WHERE p."image" = '/api/upload/images/' || i."id")
  AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."avatar_url" = '/api/upload/images/' || i."id");
