-- Every tail of at least three characters of every word of a user's name and email, lowercased
-- with the same lower() that ILIKE uses: text of three characters or more found by ILIKE in a
-- word is a prefix of one of these tails. Words are split at white space and ASCII punctuation.
-- Tails are cut at 32 characters (user_search_query cuts the typed words alike).
CREATE OR REPLACE FUNCTION user_search_words(name text, email text) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  word text;
  tails text[] := '{}';
  i int;
BEGIN
  FOREACH word IN ARRAY regexp_split_to_array(lower(coalesce(name, '') || ' ' || coalesce(email, '')), '[\s!-/:-@\[-`{-~]+') LOOP
    FOR i IN 1..length(word) - 2 LOOP
      tails := tails || substr(word, i, 32);
    END LOOP;
  END LOOP;
  RETURN array_to_tsvector(tails);
END $$;--> statement-breakpoint
-- The typed words of three characters or more, each as a prefix ('word' | 'word':*: the exact
-- word gives the planner the word's frequency); null when there is none.
CREATE OR REPLACE FUNCTION user_search_query(q text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg('(''' || substr(word, 1, 32) || ''' | ''' || substr(word, 1, 32) || ''':*)', ' & ')::tsquery
  FROM regexp_split_to_table(lower(q), '[\s!-/:-@\[-`{-~]+') AS word
  WHERE length(word) >= 3
$$;--> statement-breakpoint
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (user_search_words(name, email)) STORED;--> statement-breakpoint
CREATE INDEX "users_search_words_idx" ON "users" USING gin ("search_words");