-- Issue 25: the trainings' FSE and « sanitaire et social » filters, and the sessions' « bilan non validé » on a period, page and count
-- in their indexes alone: the flags after the trainings' order columns, the start date beside the end date of the sessions whose
-- bilan is open. Rebuilt without CONCURRENTLY, like 0010 to 0022.
DROP INDEX "trainings_updated_idx";--> statement-breakpoint
DROP INDEX "trainings_educational_org_idx";--> statement-breakpoint
DROP INDEX "trainings_contracting_org_idx";--> statement-breakpoint
DROP INDEX "sessions_bilan_due_idx";--> statement-breakpoint
DROP INDEX "sessions_educational_bilan_due_idx";--> statement-breakpoint
DROP INDEX "sessions_contracting_bilan_due_idx";--> statement-breakpoint
DROP INDEX "sessions_bilan_open_idx";--> statement-breakpoint
DROP INDEX "sessions_educational_bilan_open_idx";--> statement-breakpoint
DROP INDEX "sessions_contracting_bilan_open_idx";--> statement-breakpoint
CREATE INDEX "trainings_updated_idx" ON "trainings" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"fse","healthcare_social");--> statement-breakpoint
CREATE INDEX "trainings_educational_org_idx" ON "trainings" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"fse","healthcare_social");--> statement-breakpoint
CREATE INDEX "trainings_contracting_org_idx" ON "trainings" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"fse","healthcare_social");--> statement-breakpoint
CREATE INDEX "sessions_bilan_due_idx" ON "sessions" USING btree ("end_date","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_educational_bilan_due_idx" ON "sessions" USING btree ("educational_organization_id","end_date","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_contracting_bilan_due_idx" ON "sessions" USING btree ("contracting_organization_id","end_date","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_bilan_open_idx" ON "sessions" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"end_date","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_educational_bilan_open_idx" ON "sessions" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"end_date","start_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_contracting_bilan_open_idx" ON "sessions" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"end_date","healthcare_social","start_date") WHERE not "sessions"."result_validated";