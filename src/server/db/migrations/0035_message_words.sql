-- A message's folded words stored with it (db/fold.ts): a search that tests messages one by one (the walk
-- of a common word, the snippet of each result, the rarity probe) reads them instead of folding and parsing
-- every body again, which cost about 9 µs a message. The word index is built on the stored column, so an
-- insert still computes the words once. Left out of the drizzle schema: whole-row reads of messages
-- (select(), returning()) would otherwise carry it to every caller.
ALTER TABLE "messages" ADD COLUMN "body_words" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, atendo_fold("body"))) STORED;--> statement-breakpoint
DROP INDEX "messages_body_search_idx";--> statement-breakpoint
CREATE INDEX "messages_body_search_idx" ON "messages" USING gin ("body_words");
