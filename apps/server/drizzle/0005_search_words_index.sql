-- Word indexes for product search (product-search.ts). IF NOT EXISTS: a large database may have had them built
-- ahead of the deploy, outside this transaction.
CREATE INDEX IF NOT EXISTS "products_title_words_idx" ON "products" USING gin (to_tsvector('simple', "title"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_text_words_idx" ON "products" USING gin (to_tsvector('simple', "title" || ' ' || "description"));--> statement-breakpoint
-- The planner takes a word missing from the sampled most common words to be half as frequent as the least common
-- of them. At the default of 100 that is ~0.3 % of the catalogue, so a word in a handful of listings (or none) was
-- looked for by walking the newest-first index: 7 s at 1,000,000 listings. With 1,000 it is ~0.01 %.
ALTER INDEX "products_title_words_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "products_text_words_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
-- Word frequencies exist only once the table is analysed; autovacuum would wait for a tenth of it to change.
-- About 9 s at 1,000,000 listings.
ANALYZE "products";
