ALTER TABLE "trainees" ADD COLUMN "record_educational_organization_id" text;--> statement-breakpoint
ALTER TABLE "trainees" ADD COLUMN "record_contracting_organization_id" text;--> statement-breakpoint
ALTER TABLE "trainees" ADD COLUMN "record_healthcare_social" boolean;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "educational_organization_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "contracting_organization_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "healthcare_social" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "session_start_date" date;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "session_end_date" date;--> statement-breakpoint
-- The existing rows, before the triggers and the indexes: plain updates are much faster than row triggers (450,000 records and
-- 500,000 trainees: about a minute on PostgreSQL 15, against 144 s through the triggers). Adding the columns locked records and
-- trainees until this migration commits, and this locks sessions against writes too, so nothing changes between this copy and
-- the triggers below (which would recompute the same values).
LOCK TABLE sessions IN SHARE MODE;--> statement-breakpoint
UPDATE records r SET educational_organization_id = s.educational_organization_id,
  contracting_organization_id = s.contracting_organization_id, healthcare_social = s.healthcare_social,
  session_start_date = s.start_date, session_end_date = s.end_date
FROM sessions s WHERE s.id = r.session_id;--> statement-breakpoint
-- This update leaves the replaced version of each trainee with a record in the table and in its indexes, those built at the end
-- included (older snapshots may still see it until this commits): autovacuum makes them free space, and REINDEX TABLE trainees
-- gives a large base its indexes' size back.
UPDATE trainees t SET record_educational_organization_id = r.educational_organization_id,
  record_contracting_organization_id = r.contracting_organization_id, record_healthcare_social = r.healthcare_social
FROM records r WHERE r.trainee_id = t.id;--> statement-breakpoint
-- Added after the copies it reads: adding it rewrites the table once, which also sweeps away the rows the updates left behind.
ALTER TABLE "records" ADD COLUMN "blocking_from" date GENERATED ALWAYS AS (case when last_exchange_failed or quality_blocking is true then '-infinity'::date when status in ('SETUP', 'VALIDATED') then session_start_date when status in ('START_OF_TRAINING') then session_end_date end) STORED;--> statement-breakpoint
-- A record's copies of its session's scope columns and dates (row-scope.ts's recordScope and the blocking filter read them there,
-- issue 11). Set from the session on insert and whenever session_id or a copy is written (a direct write cannot make them lie); a
-- missing session leaves them alone, so the foreign key still reports it. FOR SHARE waits for a transaction changing the session
-- and reads what it committed, as sessions_fill_scope does for the training (0008_sessions_scope).
CREATE FUNCTION records_fill_session_copies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  session record;
BEGIN
  SELECT s.educational_organization_id, s.contracting_organization_id, s.healthcare_social, s.start_date, s.end_date INTO session
    FROM sessions s WHERE s.id = NEW.session_id FOR SHARE;
  IF FOUND THEN
    NEW.educational_organization_id := session.educational_organization_id;
    NEW.contracting_organization_id := session.contracting_organization_id;
    NEW.healthcare_social := session.healthcare_social;
    NEW.session_start_date := session.start_date;
    NEW.session_end_date := session.end_date;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER records_fill_session_copies BEFORE INSERT OR UPDATE OF session_id, educational_organization_id, contracting_organization_id,
  healthcare_social, session_start_date, session_end_date ON records FOR EACH ROW EXECUTE FUNCTION records_fill_session_copies();--> statement-breakpoint
-- A session's change of scope (its training's, copied by 0008's trigger) or of dates reaches its records.
CREATE FUNCTION records_follow_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE records SET educational_organization_id = NEW.educational_organization_id,
    contracting_organization_id = NEW.contracting_organization_id, healthcare_social = NEW.healthcare_social,
    session_start_date = NEW.start_date, session_end_date = NEW.end_date
  WHERE session_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- No column list on this trigger nor on records_trainee_scope_change: a column list names the columns the UPDATE sets, and a
-- copy also changes when a BEFORE trigger recomputes it (a session moved to another training, a record to another session).
CREATE TRIGGER sessions_records_copies AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN (OLD.educational_organization_id IS DISTINCT FROM NEW.educational_organization_id
    OR OLD.contracting_organization_id IS DISTINCT FROM NEW.contracting_organization_id OR OLD.healthcare_social IS DISTINCT FROM NEW.healthcare_social
    OR OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.end_date IS DISTINCT FROM NEW.end_date)
  EXECUTE FUNCTION records_follow_session();--> statement-breakpoint
-- A trainee's copies of its record's scope columns (traineeScope reads them; null: no record), recomputed from the record on
-- insert and on any write of a copy, so that only the records' trigger below can change them, and only to the truth.
CREATE FUNCTION trainees_fill_record_scope() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
BEGIN
  SELECT r.educational_organization_id, r.contracting_organization_id, r.healthcare_social INTO rec
    FROM records r WHERE r.trainee_id = NEW.id;
  NEW.record_educational_organization_id := rec.educational_organization_id;
  NEW.record_contracting_organization_id := rec.contracting_organization_id;
  NEW.record_healthcare_social := rec.healthcare_social;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER trainees_fill_record_scope BEFORE INSERT OR UPDATE OF record_educational_organization_id, record_contracting_organization_id,
  record_healthcare_social ON trainees FOR EACH ROW EXECUTE FUNCTION trainees_fill_record_scope();--> statement-breakpoint
-- A record created, deleted, moved to another trainee or another scope: its trainee (and the one it left) recompute their copies.
CREATE FUNCTION records_trainee_scope() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE trainees SET record_educational_organization_id = NULL, record_contracting_organization_id = NULL, record_healthcare_social = NULL
      WHERE id = OLD.trainee_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE trainees SET record_educational_organization_id = NEW.educational_organization_id,
      record_contracting_organization_id = NEW.contracting_organization_id, record_healthcare_social = NEW.healthcare_social
      WHERE id = NEW.trainee_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER records_trainee_scope AFTER INSERT OR DELETE ON records FOR EACH ROW EXECUTE FUNCTION records_trainee_scope();--> statement-breakpoint
CREATE TRIGGER records_trainee_scope_change AFTER UPDATE ON records
  FOR EACH ROW
  WHEN (OLD.trainee_id IS DISTINCT FROM NEW.trainee_id OR OLD.educational_organization_id IS DISTINCT FROM NEW.educational_organization_id
    OR OLD.contracting_organization_id IS DISTINCT FROM NEW.contracting_organization_id OR OLD.healthcare_social IS DISTINCT FROM NEW.healthcare_social)
  EXECUTE FUNCTION records_trainee_scope();--> statement-breakpoint
CREATE INDEX "trainees_scope_idx" ON "trainees" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"record_educational_organization_id","record_contracting_organization_id","record_healthcare_social");--> statement-breakpoint
CREATE INDEX "trainees_free_idx" ON "trainees" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "trainees"."record_educational_organization_id" is null;--> statement-breakpoint
CREATE INDEX "records_educational_org_idx" ON "records" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "records_contracting_org_idx" ON "records" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "records_blocking_idx" ON "records" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"blocking_from") WHERE "records"."blocking_from" is not null;--> statement-breakpoint
CREATE INDEX "records_educational_blocking_idx" ON "records" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"blocking_from") WHERE "records"."blocking_from" is not null;--> statement-breakpoint
CREATE INDEX "records_contracting_blocking_idx" ON "records" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"blocking_from") WHERE "records"."blocking_from" is not null;--> statement-breakpoint
-- A finer histogram of every searched column (1,000 values instead of 100; ANALYZE then samples 300,000 rows): the planner
-- estimates `search LIKE '%term%'` by the share of histogram values that match. A rare term matching one value in 100 was taken
-- for 1 % of the table, enough for the list to walk its order's index instead of the trigram one: a whole-table walk for a few
-- rows (seen as a plan that changed from one ANALYZE to the next in list-plans.test.ts).
ALTER TABLE "trainees" ALTER COLUMN "search" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "records" ALTER COLUMN "search" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "search" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "trainings" ALTER COLUMN "search" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "search" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "search" SET STATISTICS 1000;
