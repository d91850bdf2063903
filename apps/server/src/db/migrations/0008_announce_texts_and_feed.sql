-- The published texts and the feed are kept in memory too, until they change: announce them.
CREATE TRIGGER "translations_inserted" AFTER INSERT ON "translations" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "translations_updated" AFTER UPDATE ON "translations" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "translations_deleted" AFTER DELETE ON "translations" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "translations_truncated" AFTER TRUNCATE ON "translations" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "feed_posts_inserted" AFTER INSERT ON "feed_posts" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "feed_posts_updated" AFTER UPDATE ON "feed_posts" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "feed_posts_deleted" AFTER DELETE ON "feed_posts" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "feed_posts_truncated" AFTER TRUNCATE ON "feed_posts" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
