-- Issue 25: « À traiter ». The daily digest's opt-in and the day of the last one queued (one a day: server/todo/digest.ts);
-- the bilans-due counters and list filter read the sessions whose bilan is not validated by end date.
ALTER TABLE "employees" ADD COLUMN "daily_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "digest_sent_on" date;--> statement-breakpoint
CREATE INDEX "employees_daily_digest_idx" ON "employees" USING btree ("id") WHERE "employees"."daily_digest";--> statement-breakpoint
CREATE INDEX "sessions_bilan_due_idx" ON "sessions" USING btree ("end_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_educational_bilan_due_idx" ON "sessions" USING btree ("educational_organization_id","end_date") WHERE not "sessions"."result_validated";--> statement-breakpoint
CREATE INDEX "sessions_contracting_bilan_due_idx" ON "sessions" USING btree ("contracting_organization_id","end_date") WHERE not "sessions"."result_validated";