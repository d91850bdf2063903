-- A typed word followed by a separator ends a word wherever ILIKE finds it, so it is one of that
-- word's tails whole, not only the start of one: it is looked up as the word itself, which is
-- cheaper than a prefix (one posting list, not a range of entries) and carries its frequency for
-- the planner. Only the last typed word may stop inside a word: ('word' | 'word':*) as before.
-- PL/pgSQL keeps the function's own plan for the session: a search's plan computes the query
-- once for each place it appears, and an SQL function was planned again each time.
CREATE OR REPLACE FUNCTION user_search_query(q text) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (
    SELECT string_agg(CASE WHEN n < cardinality(words) THEN '''' || substr(word, 1, 32) || ''''
      ELSE '(''' || substr(word, 1, 32) || ''' | ''' || substr(word, 1, 32) || ''':*)' END, ' & ')::tsquery
    FROM regexp_split_to_array(lower(q), '[\s!-/:-@\[-`{-~]+') AS words,
      unnest(words) WITH ORDINALITY AS typed(word, n)
    WHERE length(word) >= 3
  );
END $$;
