-- Issue 25: a filtered list counts and pages in its filter's index alone.
-- - A filtered search (records by status, by session period or « sans questionnaire FSE », trainees by département or by name):
--   the search text (and the id where missing) after the index's columns, as in records_*_org_idx (0012, 0019); through the
--   trigram index it fetched a table row per candidate.
-- - The trainings' FSE and « sanitaire et social » filters: the flags after the trainings' order columns.
-- - The sessions' « bilan non validé » on a period: the start date beside the open bilans' end date.
-- Rebuilt without CONCURRENTLY, like 0010 to 0021: writes wait meanwhile.
DROP INDEX "trainees_last_name_idx";--> statement-breakpoint
DROP INDEX "trainees_department_idx";--> statement-breakpoint
DROP INDEX "trainings_updated_idx";--> statement-breakpoint
DROP INDEX "trainings_educational_org_idx";--> statement-breakpoint
DROP INDEX "trainings_contracting_org_idx";--> statement-breakpoint
DROP INDEX "sessions_bilan_due_idx";--> statement-breakpoint
DROP INDEX "sessions_educational_bilan_due_idx";--> statement-breakpoint
DROP INDEX "sessions_contracting_bilan_due_idx";--> statement-breakpoint
DROP INDEX "sessions_bilan_open_idx";--> statement-breakpoint
DROP INDEX "sessions_educational_bilan_open_idx";--> statement-breakpoint
DROP INDEX "sessions_contracting_bilan_open_idx";--> statement-breakpoint
DROP INDEX "records_status_idx";--> statement-breakpoint
DROP INDEX "records_educational_status_idx";--> statement-breakpoint
DROP INDEX "records_contracting_status_idx";--> statement-breakpoint
DROP INDEX "records_without_fse_idx";--> statement-breakpoint
DROP INDEX "records_educational_without_fse_idx";--> statement-breakpoint
DROP INDEX "records_contracting_without_fse_idx";--> statement-breakpoint
DROP INDEX "records_educational_session_end_idx";--> statement-breakpoint
DROP INDEX "records_contracting_session_end_idx";--> statement-breakpoint
CREATE INDEX "trainees_last_name_idx" ON "trainees" USING btree ("last_name","id","record_educational_organization_id","record_contracting_organization_id","record_healthcare_social","search");--> statement-breakpoint
CREATE INDEX "trainees_department_idx" ON "trainees" USING btree ("department","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"record_educational_organization_id","record_contracting_organization_id","record_healthcare_social","search");--> statement-breakpoint
CREATE INDEX "trainings_updated_idx" ON "trainings" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"fse","healthcare_social");--> statement-breakpoint
CREATE INDEX "trainings_educational_org_idx" ON "trainings" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"fse","healthcare_social");--> statement-breakpoint
CREATE INDEX "trainings_contracting_org_idx" ON "trainings" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"fse","healthcare_social");--> statement-breakpoint
CREATE INDEX "sessions_bilan_due_idx" ON "sessions" USING btree ("end_date","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_educational_bilan_due_idx" ON "sessions" USING btree ("educational_organization_id","end_date","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_contracting_bilan_due_idx" ON "sessions" USING btree ("contracting_organization_id","end_date","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_bilan_open_idx" ON "sessions" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"end_date","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_educational_bilan_open_idx" ON "sessions" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"end_date","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_contracting_bilan_open_idx" ON "sessions" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"end_date","healthcare_social","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "records_status_idx" ON "records" USING btree ("status_rank","id","search");--> statement-breakpoint
CREATE INDEX "records_educational_status_idx" ON "records" USING btree ("educational_organization_id","status_rank","id","search");--> statement-breakpoint
CREATE INDEX "records_contracting_status_idx" ON "records" USING btree ("contracting_organization_id","status_rank","id","search");--> statement-breakpoint
CREATE INDEX "records_without_fse_idx" ON "records" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search") WHERE "records"."training_fse" and not "records"."has_fse_input" and not "records"."has_fse_output" and not "records"."has_fse_after_six_month";--> statement-breakpoint
CREATE INDEX "records_educational_without_fse_idx" ON "records" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search") WHERE "records"."training_fse" and not "records"."has_fse_input" and not "records"."has_fse_output" and not "records"."has_fse_after_six_month";--> statement-breakpoint
CREATE INDEX "records_contracting_without_fse_idx" ON "records" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search") WHERE "records"."training_fse" and not "records"."has_fse_input" and not "records"."has_fse_output" and not "records"."has_fse_after_six_month";--> statement-breakpoint
CREATE INDEX "records_educational_session_end_idx" ON "records" USING btree ("educational_organization_id","session_end_date","session_start_date","id","search");--> statement-breakpoint
CREATE INDEX "records_contracting_session_end_idx" ON "records" USING btree ("contracting_organization_id","session_end_date","session_start_date","id","search");