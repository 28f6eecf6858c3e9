-- Issue 40: the lists sort by what people sort by (resources/<resource>/list-query.ts): trainees by birth and first name,
-- records by number, trainee (« Stagiaire ») and session start, sessions by their training's number and name, trainings by
-- number; each text in French order (0025), each sort with its (key, id) index and its scoped variants, built concurrently
-- (hence statement by statement, each replayable). The records' trainee name and the sessions' training number and name are
-- copies kept by the search triggers (0005, 0006): set on insert and whenever the trainee's or the training's change.
SET lock_timeout = '5s';--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "training_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "training_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN IF NOT EXISTS "trainee_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
RESET lock_timeout;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sessions_fill_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := sessions_search_text(NEW.training_id);
  SELECT t.number, t.name INTO NEW.training_number, NEW.training_name FROM trainings t WHERE t.id = NEW.training_id;
  NEW.training_number := coalesce(NEW.training_number, '');
  NEW.training_name := coalesce(NEW.training_name, '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION records_fill_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := records_search_text(NEW.trainee_id, NEW.session_id, NEW.agora_id);
  NEW.trainee_name := coalesce((SELECT p.last_name || ' ' || p.first_name FROM trainees p WHERE p.id = NEW.trainee_id), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The rows written before: by batches of 5,000 in the primary key's order, each committed (no long lock on the table); a
-- replay only fills what is still empty.
DO $$
DECLARE after_id text := '';
BEGIN
  LOOP
    WITH batch AS (SELECT id, training_id FROM sessions WHERE id > after_id ORDER BY id LIMIT 5000),
    filled AS (UPDATE sessions s SET training_number = t.number, training_name = t.name FROM batch b JOIN trainings t ON t.id = b.training_id
      WHERE s.id = b.id AND s.training_name = '' RETURNING s.id)
    SELECT max(id) INTO after_id FROM batch;
    EXIT WHEN after_id IS NULL;
    COMMIT;
  END LOOP;
END
$$;--> statement-breakpoint
DO $$
DECLARE after_id text := '';
BEGIN
  LOOP
    WITH batch AS (SELECT id, trainee_id FROM records WHERE id > after_id ORDER BY id LIMIT 5000),
    filled AS (UPDATE records r SET trainee_name = p.last_name || ' ' || p.first_name FROM batch b JOIN trainees p ON p.id = b.trainee_id
      WHERE r.id = b.id AND r.trainee_name = '' RETURNING r.id)
    SELECT max(id) INTO after_id FROM batch;
    EXIT WHEN after_id IS NULL;
    COMMIT;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "trainees_birth_name_fr_idx" ON "trainees" USING btree ("birth_name" collate "fr_icu","id","record_educational_organization_id","record_contracting_organization_id","record_healthcare_social","search");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "trainees_first_name_fr_idx" ON "trainees" USING btree ("first_name" collate "fr_icu","id","record_educational_organization_id","record_contracting_organization_id","record_healthcare_social","search");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "trainings_number_fr_idx" ON "trainings" USING btree ("number" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "trainings_educational_number_fr_idx" ON "trainings" USING btree ("educational_organization_id","number" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "trainings_contracting_number_fr_idx" ON "trainings" USING btree ("contracting_organization_id","number" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "sessions_training_number_fr_idx" ON "sessions" USING btree ("training_number" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "sessions_educational_training_number_fr_idx" ON "sessions" USING btree ("educational_organization_id","training_number" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "sessions_contracting_training_number_fr_idx" ON "sessions" USING btree ("contracting_organization_id","training_number" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "sessions_training_name_fr_idx" ON "sessions" USING btree ("training_name" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "sessions_educational_training_name_fr_idx" ON "sessions" USING btree ("educational_organization_id","training_name" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "sessions_contracting_training_name_fr_idx" ON "sessions" USING btree ("contracting_organization_id","training_name" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_agora_id_fr_idx" ON "records" USING btree ("agora_id" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_educational_agora_id_fr_idx" ON "records" USING btree ("educational_organization_id","agora_id" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_contracting_agora_id_fr_idx" ON "records" USING btree ("contracting_organization_id","agora_id" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_trainee_name_fr_idx" ON "records" USING btree ("trainee_name" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_educational_trainee_name_fr_idx" ON "records" USING btree ("educational_organization_id","trainee_name" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_contracting_trainee_name_fr_idx" ON "records" USING btree ("contracting_organization_id","trainee_name" collate "fr_icu","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_session_start_idx" ON "records" USING btree ("session_start_date","id","session_end_date","search");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_educational_session_start_idx" ON "records" USING btree ("educational_organization_id","session_start_date","id","session_end_date","search");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_contracting_session_start_idx" ON "records" USING btree ("contracting_organization_id","session_start_date","id","session_end_date","search");