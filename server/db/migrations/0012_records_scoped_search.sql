-- Issue 11: the scoped records lists' indexes carry the search text after the order, so that a scoped search (its page and its
-- count capped at 10,001) filters in the index alone instead of fetching from the table every row the trigram index offers.
-- Rebuilt, not altered: PostgreSQL cannot add a column to an index. A few seconds per index on 450,000 records, writes waiting.
DROP INDEX "records_educational_org_idx";--> statement-breakpoint
DROP INDEX "records_contracting_org_idx";--> statement-breakpoint
CREATE INDEX "records_educational_org_idx" ON "records" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search");--> statement-breakpoint
CREATE INDEX "records_contracting_org_idx" ON "records" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search");