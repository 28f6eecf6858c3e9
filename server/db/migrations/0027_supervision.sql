-- Issue 38: supervision (its actions, who did them), a failed creation blocking its (trainee, session) until an operator settles
-- it, reconciliation by least recently tried, a reason in a record's history, and queue_overview counted from an index.
CREATE TABLE "supervision_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"employee_id" text,
	"employee_name" text NOT NULL,
	"action" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
DROP INDEX "agora_exchanges_creation_unsettled_unique";--> statement-breakpoint
ALTER TABLE "record_events" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "agora_exchanges" ADD COLUMN "blocking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agora_exchanges" ADD COLUMN "tried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agora_exchanges" ADD COLUMN "abandoned_by_id" text;--> statement-breakpoint
ALTER TABLE "agora_exchanges" ADD COLUMN "abandoned_by_name" text;--> statement-breakpoint
ALTER TABLE "agora_exchanges" ADD COLUMN "abandon_reason" text;--> statement-breakpoint
ALTER TABLE "supervision_actions" ADD CONSTRAINT "supervision_actions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supervision_actions_target_idx" ON "supervision_actions" USING btree ("target_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supervision_actions_employee_idx" ON "supervision_actions" USING btree ("employee_id") WHERE "supervision_actions"."employee_id" is not null;--> statement-breakpoint
ALTER TABLE "agora_exchanges" ADD CONSTRAINT "agora_exchanges_abandoned_by_id_employees_id_fk" FOREIGN KEY ("abandoned_by_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_queue_state_idx" ON "jobs" USING btree ("queue","state","run_at") WHERE "jobs"."state" in ('pending', 'active', 'failed');--> statement-breakpoint
CREATE INDEX "agora_exchanges_blocking_idx" ON "agora_exchanges" USING btree ("created_at") WHERE "agora_exchanges"."blocking";--> statement-breakpoint
CREATE INDEX "agora_exchanges_abandoned_by_idx" ON "agora_exchanges" USING btree ("abandoned_by_id") WHERE "agora_exchanges"."abandoned_by_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "agora_exchanges_creation_unsettled_unique" ON "agora_exchanges" USING btree ("trainee_id","session_id") WHERE "agora_exchanges"."kind" = 'CREATION' and ("agora_exchanges"."state" in ('pending', 'answered') or "agora_exchanges"."blocking");--> statement-breakpoint
-- queue_overview reads the rows of jobs_queue_state_idx only (pending, active, failed): the done rows, most of the table, were
-- aggregated at every metrics scrape. Their count is gone from the view (docs/queue.md).
DROP VIEW "queue_overview";--> statement-breakpoint
CREATE VIEW "queue_overview" AS
SELECT "queue",
       count(*) FILTER (WHERE "state" = 'pending')::int AS "pending",
       count(*) FILTER (WHERE "state" = 'active')::int AS "active",
       count(*) FILTER (WHERE "state" = 'failed')::int AS "failed",
       min("run_at") FILTER (WHERE "state" = 'pending') AS "next_run_at",
       coalesce(max("attempts") FILTER (WHERE "state" = 'pending'), 0) AS "max_pending_attempts"
FROM "jobs" WHERE "state" IN ('pending', 'active', 'failed') GROUP BY "queue";
