CREATE TABLE "record_fse" (
	"id" text PRIMARY KEY NOT NULL,
	"record_id" text NOT NULL,
	"period" text NOT NULL,
	"information" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_fse_record_period_unique" UNIQUE("record_id","period"),
	CONSTRAINT "record_fse_period_check" CHECK ("record_fse"."period" in ('INPUT', 'OUTPUT', 'AFTER_SIX_MONTH'))
);
--> statement-breakpoint
ALTER TABLE "record_fse" ADD CONSTRAINT "record_fse_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_fse_updated_idx" ON "record_fse" USING btree ("updated_at","id");