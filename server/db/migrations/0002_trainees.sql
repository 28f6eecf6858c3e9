CREATE TABLE "trainees" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"gender" text NOT NULL,
	"ssn" text NOT NULL,
	"ssn_verified" boolean DEFAULT false NOT NULL,
	"birth_date" date NOT NULL,
	"address" jsonb NOT NULL,
	"department" text,
	"situation" text,
	"born_in_france" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(birth_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(ssn, '')))) STORED,
	CONSTRAINT "trainees_email_unique" UNIQUE("email"),
	CONSTRAINT "trainees_ssn_unique" UNIQUE("ssn")
);
--> statement-breakpoint
CREATE INDEX "trainees_search_idx" ON "trainees" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trainees_updated_idx" ON "trainees" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);