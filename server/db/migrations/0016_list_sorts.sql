-- Issue 25: the lists' sorts other than the default (resources/<resource>/list-query.ts), each on (column, id) read forwards
-- for asc and backwards for desc, with the scoped lists' variants led by the scope's organisation column; and the records
-- whose latest AGORA exchange failed, in the lists' order (agoraFailed=true). Plain CREATE INDEX: the migrator runs in a transaction.
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "employees_last_name_idx" ON "employees" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "trainees_last_name_idx" ON "trainees" USING btree ("last_name","id","record_educational_organization_id","record_contracting_organization_id","record_healthcare_social");--> statement-breakpoint
CREATE INDEX "trainings_name_idx" ON "trainings" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "trainings_educational_name_idx" ON "trainings" USING btree ("educational_organization_id","name","id");--> statement-breakpoint
CREATE INDEX "trainings_contracting_name_idx" ON "trainings" USING btree ("contracting_organization_id","name","id");--> statement-breakpoint
CREATE INDEX "sessions_start_idx" ON "sessions" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "sessions_educational_start_idx" ON "sessions" USING btree ("educational_organization_id","start_date","id");--> statement-breakpoint
CREATE INDEX "sessions_contracting_start_idx" ON "sessions" USING btree ("contracting_organization_id","start_date","id");--> statement-breakpoint
CREATE INDEX "records_created_idx" ON "records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "records_educational_created_idx" ON "records" USING btree ("educational_organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_contracting_created_idx" ON "records" USING btree ("contracting_organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_status_idx" ON "records" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "records_educational_status_idx" ON "records" USING btree ("educational_organization_id","status","id");--> statement-breakpoint
CREATE INDEX "records_contracting_status_idx" ON "records" USING btree ("contracting_organization_id","status","id");--> statement-breakpoint
CREATE INDEX "records_failed_idx" ON "records" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "records"."last_exchange_failed";