-- Issue 23: one durable queue on PostgreSQL (jobs, job_schedules: server/queue/) and AGORA exchanges written before they are sent
-- (agora_exchanges, records.pending_exchange_id: server/exchanges/). New tables, and one nullable column without default on
-- records (no rewrite of the table).
CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"key" text,
	"subject" text,
	"requested_by_id" text,
	"requested_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('pending', 'active', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "agora_exchanges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"record_id" text,
	"trainee_id" text,
	"session_id" text,
	"payload" jsonb NOT NULL,
	"from_status" text,
	"to_status" text,
	"employee_id" text,
	"employee_name" text NOT NULL,
	"answer" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "agora_exchanges_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "agora_exchanges_state_check" CHECK ("agora_exchanges"."state" in ('pending', 'answered', 'accepted', 'refused', 'failed')),
	CONSTRAINT "agora_exchanges_kind_check" CHECK ("agora_exchanges"."kind" in ('CREATION', 'STATUS', 'REPUSH'))
);
--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "pending_exchange_id" text;--> statement-breakpoint
ALTER TABLE "agora_exchanges" ADD CONSTRAINT "agora_exchanges_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agora_exchanges" ADD CONSTRAINT "agora_exchanges_trainee_id_trainees_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."trainees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agora_exchanges" ADD CONSTRAINT "agora_exchanges_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agora_exchanges" ADD CONSTRAINT "agora_exchanges_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" in ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_unique" ON "jobs" USING btree ("key") WHERE "jobs"."state" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "jobs_subject_idx" ON "jobs" USING btree ("subject","created_at" DESC NULLS LAST) WHERE "jobs"."subject" is not null;--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."state" in ('done', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "agora_exchanges_record_unsettled_unique" ON "agora_exchanges" USING btree ("record_id") WHERE "agora_exchanges"."state" in ('pending', 'answered');--> statement-breakpoint
CREATE UNIQUE INDEX "agora_exchanges_creation_unsettled_unique" ON "agora_exchanges" USING btree ("trainee_id","session_id") WHERE "agora_exchanges"."kind" = 'CREATION' and "agora_exchanges"."state" in ('pending', 'answered');--> statement-breakpoint
CREATE INDEX "agora_exchanges_unsettled_idx" ON "agora_exchanges" USING btree ("created_at") WHERE "agora_exchanges"."state" in ('pending', 'answered');--> statement-breakpoint
CREATE INDEX "agora_exchanges_settled_idx" ON "agora_exchanges" USING btree ("settled_at") WHERE "agora_exchanges"."settled_at" is not null;--> statement-breakpoint
CREATE INDEX "agora_exchanges_record_idx" ON "agora_exchanges" USING btree ("record_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agora_exchanges_trainee_idx" ON "agora_exchanges" USING btree ("trainee_id") WHERE "agora_exchanges"."trainee_id" is not null;--> statement-breakpoint
CREATE INDEX "agora_exchanges_session_idx" ON "agora_exchanges" USING btree ("session_id") WHERE "agora_exchanges"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "agora_exchanges_employee_idx" ON "agora_exchanges" USING btree ("employee_id") WHERE "agora_exchanges"."employee_id" is not null;--> statement-breakpoint
-- What an operator (and later the metrics) reads, README "File d'attente" : per queue, jobs waiting, running, failed and done,
-- the next due run and the most attempts of a waiting job.
CREATE VIEW "queue_overview" AS
SELECT "queue",
       count(*) FILTER (WHERE "state" = 'pending')::int AS "pending",
       count(*) FILTER (WHERE "state" = 'active')::int AS "active",
       count(*) FILTER (WHERE "state" = 'failed')::int AS "failed",
       count(*) FILTER (WHERE "state" = 'done')::int AS "done",
       min("run_at") FILTER (WHERE "state" = 'pending') AS "next_run_at",
       coalesce(max("attempts") FILTER (WHERE "state" = 'pending'), 0) AS "max_pending_attempts"
FROM "jobs" GROUP BY "queue";--> statement-breakpoint
-- AGORA exchanges: the unsettled ones (any age) and the outcomes of the last 24 hours, per kind and state.
CREATE VIEW "agora_exchange_outcomes" AS
SELECT "kind", "state", count(*)::int AS "exchanges", min("created_at") AS "oldest", max("attempts") AS "max_attempts"
FROM "agora_exchanges"
WHERE "state" IN ('pending', 'answered') OR "settled_at" > now() - interval '1 day'
GROUP BY "kind", "state";
