DROP INDEX "organizations_updated_idx";--> statement-breakpoint
DROP INDEX "employee_organizations_org_idx";--> statement-breakpoint
DROP INDEX "employees_updated_idx";--> statement-breakpoint
DROP INDEX "trainees_updated_idx";--> statement-breakpoint
DROP INDEX "trainings_updated_idx";--> statement-breakpoint
DROP INDEX "trainings_educational_org_idx";--> statement-breakpoint
DROP INDEX "trainings_contracting_org_idx";--> statement-breakpoint
CREATE INDEX "organizations_updated_idx" ON "organizations" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "employee_organizations_org_idx" ON "employee_organizations" USING btree ("organization_id","employee_id");--> statement-breakpoint
CREATE INDEX "employees_updated_idx" ON "employees" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trainees_updated_idx" ON "trainees" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trainings_updated_idx" ON "trainings" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trainings_educational_org_idx" ON "trainings" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trainings_contracting_org_idx" ON "trainings" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);