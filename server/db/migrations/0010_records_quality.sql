ALTER TABLE "records" ADD COLUMN "quality_blocking" boolean;--> statement-breakpoint
CREATE INDEX "records_unchecked_idx" ON "records" USING btree ("id") WHERE "records"."quality_blocking" is null;