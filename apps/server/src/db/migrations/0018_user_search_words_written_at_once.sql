-- What drizzle-kit wrote (drop and create) gives the same index; changing it in place spares a
-- rebuild over every user. Rows already waiting in the pending list are moved into the index.
ALTER INDEX "users_search_words_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('users_search_words_idx');
