ALTER TABLE "row_counts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "count" = "count" + (SELECT count(*) FROM "changed_rows"), "version" = "version" + 1 WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "count" = "count" - (SELECT count(*) FROM "changed_rows"), "version" = "version" + 1 WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
