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
ALTER TABLE "employee_organizations" ADD CONSTRAINT "employee_organizations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_organizations" ADD CONSTRAINT "employee_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizations_search_idx" ON "organizations" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_updated_idx" ON "organizations" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "employee_organizations_org_idx" ON "employee_organizations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "employees_search_idx" ON "employees" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_updated_idx" ON "employees" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);