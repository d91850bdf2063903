-- Sorted by code point, an accented initial stood apart from its letter ("Άννα" before "Αλέξης",
-- "Émile" after "zoe"), and capitals before small letters in event titles. Names and titles now
-- sort as search_fold folds them, with the diacritics of Latin letters taken off as well, in one
-- translate (an index expression may not call a function by its unqualified name) that lowers
-- Greek and accented capitals itself: lower() leaves them as they are under the C locale.
CREATE OR REPLACE FUNCTION sort_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(t),
    'άέήίϊΐόύϋΰώςàáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżžøđłħıΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝĀĂĄĆĈĊČĎĒĔĖĘĚĜĞĠĢĤĨĪĬĮİĴĶĹĻĽŃŅŇŌŎŐŔŖŘŚŜŞŠŢŤŨŪŬŮŰŲŴŶŸŹŻŽØĐŁĦ',
    'αεηιιιουυυωσaaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzzodlhiαβγδεζηθικλμνξοπρστυφχψωαεηιουωιυaaaaaaceeeeiiiinooooouuuuyaaaccccdeeeeegggghiiiiijklllnnnooorrrssssttuuuuuuwyyzzzodlh')
$$;--> statement-breakpoint
DROP INDEX "users_name_id_idx";--> statement-breakpoint
CREATE INDEX "users_name_id_idx" ON "users" USING btree (sort_fold("name"),"id");--> statement-breakpoint
DROP INDEX "events_title_idx";--> statement-breakpoint
CREATE INDEX "events_title_idx" ON "events" USING btree (sort_fold("title"),"id");
