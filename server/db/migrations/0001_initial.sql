CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"siret" text NOT NULL,
	"email" text,
	"phone_number" text,
	"address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(name, '') || ' ' || coalesce(siret, '') || ' ' || coalesce(address->>'city', '')))) STORED,
	CONSTRAINT "organizations_siret_unique" UNIQUE("siret")
);
--> statement-breakpoint
CREATE TABLE "employee_organizations" (
	"employee_id" text NOT NULL,
	"organization_id" text NOT NULL,
	CONSTRAINT "employee_organizations_employee_id_organization_id_pk" PRIMARY KEY("employee_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"gender" text NOT NULL,
	"role_id" text NOT NULL,
	"password_hash" text,
	"token_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(last_name, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(email, '')))) STORED,
	CONSTRAINT "employees_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"employee_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
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
CREATE TABLE "training_funders" (
	"id" text PRIMARY KEY NOT NULL,
	"training_id" text NOT NULL,
	"position" integer NOT NULL,
	"siret" text,
	"vat" boolean DEFAULT false NOT NULL,
	"funding_type" text NOT NULL,
	"funding_source" text NOT NULL,
	"estimated_amount_covered_tax_free" numeric(12, 2),
	"estimated_amount_covered_including_taxes" numeric(12, 2),
	"actual_amount_covered_tax_free" numeric(12, 2),
	"actual_amount_covered_including_taxes" numeric(12, 2),
	"estimated_amount_of_subsidy" numeric(12, 2),
	"actual_amount_of_subsidy" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"market_number" text,
	"action_number" text NOT NULL,
	"address" jsonb,
	"objective" text NOT NULL,
	"device" text NOT NULL,
	"type" text NOT NULL,
	"teaching_methods" text,
	"healthcare_social" boolean DEFAULT false NOT NULL,
	"skills_assessment" boolean DEFAULT false NOT NULL,
	"skills_validation" boolean DEFAULT false NOT NULL,
	"fse" boolean DEFAULT false NOT NULL,
	"forecasted_center_hour_duration" integer NOT NULL,
	"forecasted_company_hour_duration" integer NOT NULL,
	"actual_center_hour_duration" integer,
	"actual_company_hour_duration" integer,
	"cpf_code" text,
	"funding_organization_for_cpf_hours" text,
	"coverage_of_educational_costs_for_cpf_hours" numeric(12, 2),
	"educational_organization_id" text NOT NULL,
	"contracting_organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(name, '') || ' ' || coalesce(number, '') || ' ' || coalesce(market_number, '') || ' ' || coalesce(action_number, '')))) STORED,
	CONSTRAINT "trainings_number_action_unique" UNIQUE("number","action_number")
);
--> statement-breakpoint
ALTER TABLE "employee_organizations" ADD CONSTRAINT "employee_organizations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_organizations" ADD CONSTRAINT "employee_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_funders" ADD CONSTRAINT "training_funders_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_educational_organization_id_organizations_id_fk" FOREIGN KEY ("educational_organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_contracting_organization_id_organizations_id_fk" FOREIGN KEY ("contracting_organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizations_search_idx" ON "organizations" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_updated_idx" ON "organizations" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "employee_organizations_org_idx" ON "employee_organizations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "employees_search_idx" ON "employees" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_updated_idx" ON "employees" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trainees_search_idx" ON "trainees" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trainees_updated_idx" ON "trainees" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "training_funders_training_idx" ON "training_funders" USING btree ("training_id","position");--> statement-breakpoint
CREATE INDEX "trainings_search_idx" ON "trainings" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trainings_updated_idx" ON "trainings" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trainings_educational_org_idx" ON "trainings" USING btree ("educational_organization_id");--> statement-breakpoint
CREATE INDEX "trainings_contracting_org_idx" ON "trainings" USING btree ("contracting_organization_id");