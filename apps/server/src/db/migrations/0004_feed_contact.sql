CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_posts" (
	"post_id" text PRIMARY KEY NOT NULL,
	"user_photo" text,
	"user_name" text NOT NULL,
	"message_url" text NOT NULL,
	"message_text" text NOT NULL,
	"message_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"posted_at" timestamp with time zone,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feed_posts_posted_at_idx" ON "feed_posts" USING btree ("posted_at");