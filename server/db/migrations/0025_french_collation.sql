-- Issue 40: the lists' text sorts in French order (server/db/collation.ts): accents and case secondary, « ÉCOLE » among the E,
-- where the databases' C.UTF-8 put every accented capital after Z. An ICU collation: both the embedded PostgreSQL 18 and
-- Debian's PostgreSQL are built with ICU. Each name index is rebuilt with it (the ORDER BY, the cursor's row comparison and the
-- index must name the same collation), built before the byte-order one is dropped; concurrently, hence statement by statement.
-- The previous release still sorts these names correctly after a rollback, by sorting them without an index.
CREATE COLLATION IF NOT EXISTS "fr_icu" (provider = icu, locale = 'fr-FR');--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "organizations_name_fr_idx" ON "organizations" USING btree ("name" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "employees_last_name_fr_idx" ON "employees" USING btree ("last_name" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "trainees_last_name_fr_idx" ON "trainees" USING btree ("last_name" collate "fr_icu","id","record_educational_organization_id","record_contracting_organization_id","record_healthcare_social","search");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "trainings_name_fr_idx" ON "trainings" USING btree ("name" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "trainings_educational_name_fr_idx" ON "trainings" USING btree ("educational_organization_id","name" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "trainings_contracting_name_fr_idx" ON "trainings" USING btree ("contracting_organization_id","name" collate "fr_icu","id");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "organizations_name_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "employees_last_name_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "trainees_last_name_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "trainings_name_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "trainings_educational_name_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "trainings_contracting_name_idx";
