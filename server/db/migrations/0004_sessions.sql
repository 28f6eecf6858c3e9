CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"training_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"capacity" integer,
	"total_price_per_person_including_taxes" numeric(12, 2) NOT NULL,
	"total_price_per_person_tax_free" numeric(12, 2) NOT NULL,
	"purchasing_unit" text NOT NULL,
	"actual_or_calculated_educational_cost" text NOT NULL,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result_validated" boolean DEFAULT false NOT NULL,
	"result_validated_at" timestamp with time zone,
	"result_validated_by_id" text,
	"result_validated_by_name" text,
	"medias" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_dates_check" CHECK ("sessions"."end_date" >= "sessions"."start_date")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_result_validated_by_id_employees_id_fk" FOREIGN KEY ("result_validated_by_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_updated_idx" ON "sessions" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sessions_training_idx" ON "sessions" USING btree ("training_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sessions_result_validated_by_idx" ON "sessions" USING btree ("result_validated_by_id") WHERE "sessions"."result_validated_by_id" is not null;