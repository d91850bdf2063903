-- Greek is typed without accents and often in capitals, where lower() keeps a final ς apart from
-- the σ a capital Σ lowers to: "ελενη", "ΕΛΕΝΗ" and "ΓΙΩΡΓΟΣ" found no Ελένη or Γιώργος. Names
-- and typed words are now compared folded: lowered, without tonos or dialytika, ς as σ.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(t), 'άέήίϊΐόύϋΰώς', 'αεηιιιουυυωσ')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_search_words(name text, email text) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  word text;
  tails text[] := '{}';
  i int;
BEGIN
  FOREACH word IN ARRAY regexp_split_to_array(search_fold(coalesce(name, '') || ' ' || coalesce(email, '')), '[\s!-/:-@\[-`{-~]+') LOOP
    FOR i IN 1..length(word) - 2 LOOP
      tails := tails || substr(word, i, 32);
    END LOOP;
  END LOOP;
  RETURN array_to_tsvector(tails);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_search_query(q text) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (
    SELECT string_agg(CASE WHEN n < cardinality(words) THEN '''' || substr(word, 1, 32) || ''''
      ELSE '(''' || substr(word, 1, 32) || ''' | ''' || substr(word, 1, 32) || ''':*)' END, ' & ')::tsquery
    FROM regexp_split_to_array(search_fold(q), '[\s!-/:-@\[-`{-~]+') AS words,
      unnest(words) WITH ORDINALITY AS typed(word, n)
    WHERE length(word) >= 3
  );
END $$;--> statement-breakpoint
-- The stored words follow the function only when written again: the column is made anew, and its
-- index built in one pass rather than row by row.
ALTER TABLE "users" DROP COLUMN "search_words";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_words" tsvector GENERATED ALWAYS AS (user_search_words(name, email)) STORED;--> statement-breakpoint
CREATE INDEX "users_search_words_idx" ON "users" USING gin ("search_words") WITH (fastupdate = off);--> statement-breakpoint
ANALYZE "users";
