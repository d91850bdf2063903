-- The column added by 0017 has no statistics until the next ANALYZE, which autovacuum may not run
-- for a long time after a table rewrite: without them the planner takes a word in every row for a
-- rare one and reads the whole table through the index (2 searches a second at 1,000,000 users).
ANALYZE "users";
