CREATE TABLE "translations" (
	"language" text PRIMARY KEY NOT NULL,
	"entries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published" jsonb,
	"last_generated" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
