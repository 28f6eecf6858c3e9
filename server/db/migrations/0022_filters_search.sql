-- Issue 25: a filtered search (records by status, by session period or « sans questionnaire FSE », trainees by département
-- or by name) counts and pages in its filter's index alone, the search text after the index's columns as in records_*_org_idx
-- (0012, 0019); through the trigram index, it fetched a table row per candidate. Rebuilt without CONCURRENTLY, like 0010 to
-- 0021: writes wait meanwhile.
DROP INDEX "trainees_last_name_idx";--> statement-breakpoint
DROP INDEX "trainees_department_idx";--> statement-breakpoint
DROP INDEX "records_status_idx";--> statement-breakpoint
DROP INDEX "records_educational_status_idx";--> statement-breakpoint
DROP INDEX "records_contracting_status_idx";--> statement-breakpoint
DROP INDEX "records_without_fse_idx";--> statement-breakpoint
DROP INDEX "records_educational_without_fse_idx";--> statement-breakpoint
DROP INDEX "records_contracting_without_fse_idx";--> statement-breakpoint
DROP INDEX "records_session_end_idx";--> statement-breakpoint
DROP INDEX "records_educational_session_end_idx";--> statement-breakpoint
DROP INDEX "records_contracting_session_end_idx";--> statement-breakpoint
CREATE INDEX "trainees_last_name_idx" ON "trainees" USING btree ("last_name","id","record_educational_organization_id","record_contracting_organization_id","record_healthcare_social","search");--> statement-breakpoint
CREATE INDEX "trainees_department_idx" ON "trainees" USING btree ("department","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"record_educational_organization_id","record_contracting_organization_id","record_healthcare_social","search");--> statement-breakpoint
CREATE INDEX "records_status_idx" ON "records" USING btree ("status_rank","id","search");--> statement-breakpoint
CREATE INDEX "records_educational_status_idx" ON "records" USING btree ("educational_organization_id","status_rank","id","search");--> statement-breakpoint
CREATE INDEX "records_contracting_status_idx" ON "records" USING btree ("contracting_organization_id","status_rank","id","search");--> statement-breakpoint
CREATE INDEX "records_without_fse_idx" ON "records" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search") WHERE "records"."training_fse" and not "records"."has_fse_input" and not "records"."has_fse_output" and not "records"."has_fse_after_six_month";--> statement-breakpoint
CREATE INDEX "records_educational_without_fse_idx" ON "records" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search") WHERE "records"."training_fse" and not "records"."has_fse_input" and not "records"."has_fse_output" and not "records"."has_fse_after_six_month";--> statement-breakpoint
CREATE INDEX "records_contracting_without_fse_idx" ON "records" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search") WHERE "records"."training_fse" and not "records"."has_fse_input" and not "records"."has_fse_output" and not "records"."has_fse_after_six_month";--> statement-breakpoint
CREATE INDEX "records_session_end_idx" ON "records" USING btree ("session_end_date","session_start_date","id","search");--> statement-breakpoint
CREATE INDEX "records_educational_session_end_idx" ON "records" USING btree ("educational_organization_id","session_end_date","session_start_date","id","search");--> statement-breakpoint
CREATE INDEX "records_contracting_session_end_idx" ON "records" USING btree ("contracting_organization_id","session_end_date","session_start_date","id","search");