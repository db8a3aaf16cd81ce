-- Trigram indexes on product titles and descriptions (next migration) need pg_trgm. PGlite loads it as a
-- contrib extension (db/client.ts); on PostgreSQL it is a trusted extension, so a database owner can create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
