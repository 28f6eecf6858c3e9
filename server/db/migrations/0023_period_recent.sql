-- Issue 25: a session period's records, most recently updated first, met in one index (schema/records.ts `periodPoint`).
-- `cube` is a trusted extension of PostgreSQL's contrib (installable by the database's owner), like pg_trgm (0000).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE INDEX "records_period_recent_idx" ON "records" USING gist (cube(array[("session_start_date" - date '2000-01-01')::float8, ("session_end_date" - date '2000-01-01')::float8, extract(epoch from ("updated_at" - timestamptz '1970-01-01 00:00:00+00'))::float8])) WHERE "records"."session_start_date" is not null and "records"."session_end_date" is not null;
