CREATE TABLE "medias" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"promoted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "medias" ADD CONSTRAINT "medias_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medias_temporary_created_idx" ON "medias" USING btree ("created_at") WHERE "medias"."promoted_at" is null;