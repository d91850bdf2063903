-- An event was found by its title or place only as written: "παρκο" found no "Πάρκο". A search
-- now compares them folded (case, tonos, final sigma), as names are, with the folded text indexed.
DROP INDEX "events_title_trgm_idx";--> statement-breakpoint
DROP INDEX "events_place_trgm_idx";--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin (search_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_place_trgm_idx" ON "events" USING gin (search_fold("place") gin_trgm_ops);