-- The records list's « Statut » sort in the order of a record's life (SETUP … TERMINATED_*, REJECTED: RECORD_STATUS_ORDER), not the
-- codes' alphabet (END_OF_TRAINING, REJECTED, SETUP…, meaningless on a French screen): a stored rank, and the status indexes of
-- 0016_list_sorts rebuilt on it. Adding a stored column rewrites the table once.
DROP INDEX "records_status_idx";--> statement-breakpoint
DROP INDEX "records_educational_status_idx";--> statement-breakpoint
DROP INDEX "records_contracting_status_idx";--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "status_rank" smallint GENERATED ALWAYS AS (case status when 'SETUP' then 1 when 'VALIDATED' then 2 when 'START_OF_TRAINING' then 3 when 'END_OF_TRAINING' then 4 when 'TERMINATED_FULLY_DONE' then 5 when 'TERMINATED_PARTIALLY_DONE' then 6 when 'TERMINATED_NOT_DONE' then 7 when 'REJECTED' then 8 else 0 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "records_status_idx" ON "records" USING btree ("status_rank","id");--> statement-breakpoint
CREATE INDEX "records_educational_status_idx" ON "records" USING btree ("educational_organization_id","status_rank","id");--> statement-breakpoint
CREATE INDEX "records_contracting_status_idx" ON "records" USING btree ("contracting_organization_id","status_rank","id");