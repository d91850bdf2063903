CREATE OR REPLACE FUNCTION "announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "profiles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "roles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "user_roles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "permissions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "role_client_permissions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_client_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "client_permissions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "client_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "invites_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invites" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "notifications_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
