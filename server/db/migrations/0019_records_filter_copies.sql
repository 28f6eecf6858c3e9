-- Issue 25: the records list's filters on the training, « sans questionnaire FSE » and the session period, and the « À traiter »
-- FSE rules, read copies on the record (and its own indexes) instead of semi-joins on sessions and trainings and a probe of
-- record_fse per record: the training (training_id), its FSE flag (training_fse) and which surveys the record has, one flag per
-- period (has_fse_*). The session's dates are already copied (0011_records_trainees_scope).
ALTER TABLE "records" ADD COLUMN "training_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "training_fse" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "has_fse_input" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "has_fse_output" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "has_fse_after_six_month" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The list's index and its scoped variants take the session's dates after the order (the period filter checks them in the index):
-- dropped before the copy below, which then has three indexes fewer to write, and built again at the end.
DROP INDEX "records_updated_idx";--> statement-breakpoint
DROP INDEX "records_educational_org_idx";--> statement-breakpoint
DROP INDEX "records_contracting_org_idx";--> statement-breakpoint
-- The existing rows, before the triggers and the indexes, in one update (as 0011 did). Adding the columns locked records until this
-- migration commits; this locks the tables copied from against writes too, so nothing changes between this copy and the triggers.
LOCK TABLE sessions, trainings, record_fse IN SHARE MODE;--> statement-breakpoint
UPDATE records r SET training_id = s.training_id, training_fse = t.fse,
  has_fse_input = exists (select 1 from record_fse f where f.record_id = r.id and f.period = 'INPUT'),
  has_fse_output = exists (select 1 from record_fse f where f.record_id = r.id and f.period = 'OUTPUT'),
  has_fse_after_six_month = exists (select 1 from record_fse f where f.record_id = r.id and f.period = 'AFTER_SIX_MONTH')
FROM sessions s JOIN trainings t ON t.id = s.training_id WHERE s.id = r.session_id;--> statement-breakpoint
-- 0011's copies of the session, now with its training and the training's FSE flag (FOR SHARE on both: a change of the training's
-- flag in a concurrent transaction is waited for and read, as 0008 does for its organisations).
CREATE OR REPLACE FUNCTION records_fill_session_copies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  session record;
BEGIN
  SELECT s.educational_organization_id, s.contracting_organization_id, s.healthcare_social, s.start_date, s.end_date, s.training_id,
      t.fse INTO session
    FROM sessions s JOIN trainings t ON t.id = s.training_id WHERE s.id = NEW.session_id FOR SHARE;
  IF FOUND THEN
    NEW.educational_organization_id := session.educational_organization_id;
    NEW.contracting_organization_id := session.contracting_organization_id;
    NEW.healthcare_social := session.healthcare_social;
    NEW.session_start_date := session.start_date;
    NEW.session_end_date := session.end_date;
    NEW.training_id := session.training_id;
    NEW.training_fse := session.fse;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER records_fill_session_copies ON records;--> statement-breakpoint
CREATE TRIGGER records_fill_session_copies BEFORE INSERT OR UPDATE OF session_id, educational_organization_id, contracting_organization_id,
  healthcare_social, session_start_date, session_end_date, training_id, training_fse ON records FOR EACH ROW EXECUTE FUNCTION records_fill_session_copies();--> statement-breakpoint
-- A session moved to another training takes its records along (records_fill_session_copies recomputes every copy it writes).
CREATE OR REPLACE FUNCTION records_follow_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE records SET educational_organization_id = NEW.educational_organization_id,
    contracting_organization_id = NEW.contracting_organization_id, healthcare_social = NEW.healthcare_social,
    session_start_date = NEW.start_date, session_end_date = NEW.end_date, training_id = NEW.training_id
  WHERE session_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER sessions_records_copies ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_records_copies AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN (OLD.educational_organization_id IS DISTINCT FROM NEW.educational_organization_id
    OR OLD.contracting_organization_id IS DISTINCT FROM NEW.contracting_organization_id OR OLD.healthcare_social IS DISTINCT FROM NEW.healthcare_social
    OR OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.end_date IS DISTINCT FROM NEW.end_date OR OLD.training_id IS DISTINCT FROM NEW.training_id)
  EXECUTE FUNCTION records_follow_session();--> statement-breakpoint
-- A training's FSE flag reaches its records (records_training_idx finds them).
CREATE FUNCTION records_follow_training_fse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE records SET training_fse = NEW.fse WHERE training_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER trainings_records_fse AFTER UPDATE ON trainings
  FOR EACH ROW WHEN (OLD.fse IS DISTINCT FROM NEW.fse) EXECUTE FUNCTION records_follow_training_fse();--> statement-breakpoint
-- The record's survey flags, recomputed from record_fse whenever one of them is written (a direct write cannot make them lie);
-- a new record has no survey (they reference it). Read in the row's trigger, not in the statement that writes the flags: after
-- waiting for a concurrent transaction that added another survey of the same record, the trigger's query sees it committed,
-- where the statement's own snapshot would not (and would clear its flag).
CREATE FUNCTION records_fill_fse_surveys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  surveys record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.has_fse_input := false;
    NEW.has_fse_output := false;
    NEW.has_fse_after_six_month := false;
  ELSE
    SELECT coalesce(bool_or(f.period = 'INPUT'), false) AS input, coalesce(bool_or(f.period = 'OUTPUT'), false) AS output,
        coalesce(bool_or(f.period = 'AFTER_SIX_MONTH'), false) AS after_six_month INTO surveys
      FROM record_fse f WHERE f.record_id = NEW.id;
    NEW.has_fse_input := surveys.input;
    NEW.has_fse_output := surveys.output;
    NEW.has_fse_after_six_month := surveys.after_six_month;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER records_fill_fse_surveys BEFORE INSERT OR UPDATE OF has_fse_input, has_fse_output, has_fse_after_six_month ON records
  FOR EACH ROW EXECUTE FUNCTION records_fill_fse_surveys();--> statement-breakpoint
-- Surveys added or deleted: their records recompute their flags (records_fill_fse_surveys), once per statement, so that a bulk
-- insert (the bench's seed) writes each record once per batch rather than once per survey.
CREATE FUNCTION record_fse_records_surveys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE records SET has_fse_input = false WHERE id IN (SELECT record_id FROM changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER record_fse_added AFTER INSERT ON record_fse REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION record_fse_records_surveys();--> statement-breakpoint
CREATE TRIGGER record_fse_deleted AFTER DELETE ON record_fse REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION record_fse_records_surveys();--> statement-breakpoint
-- A survey moved to another record or period (the application never does): both records recompute theirs.
CREATE FUNCTION record_fse_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE records SET has_fse_input = false WHERE id IN (OLD.record_id, NEW.record_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER record_fse_moved AFTER UPDATE OF record_id, period ON record_fse
  FOR EACH ROW WHEN (OLD.record_id IS DISTINCT FROM NEW.record_id OR OLD.period IS DISTINCT FROM NEW.period)
  EXECUTE FUNCTION record_fse_moved();--> statement-breakpoint
-- A training's records (trainingId, and the trigger on trainings above); « sans questionnaire FSE »: the few FSE records without
-- any survey, in the list's order, unscoped and led by the scope's organisation.
CREATE INDEX "records_training_idx" ON "records" USING btree ("training_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "records_without_fse_idx" ON "records" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "records"."training_fse" and not "records"."has_fse_input" and not "records"."has_fse_output" and not "records"."has_fse_after_six_month";--> statement-breakpoint
CREATE INDEX "records_educational_without_fse_idx" ON "records" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "records"."training_fse" and not "records"."has_fse_input" and not "records"."has_fse_output" and not "records"."has_fse_after_six_month";--> statement-breakpoint
CREATE INDEX "records_contracting_without_fse_idx" ON "records" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "records"."training_fse" and not "records"."has_fse_input" and not "records"."has_fse_output" and not "records"."has_fse_after_six_month";--> statement-breakpoint
-- The session period's capped count: its matches are dense from the period's start on the session's end (a few index pages for
-- 10,001 of them), where the list's order walked hundreds.
CREATE INDEX "records_session_end_idx" ON "records" USING btree ("session_end_date","session_start_date");--> statement-breakpoint
CREATE INDEX "records_educational_session_end_idx" ON "records" USING btree ("educational_organization_id","session_end_date","session_start_date");--> statement-breakpoint
CREATE INDEX "records_contracting_session_end_idx" ON "records" USING btree ("contracting_organization_id","session_end_date","session_start_date");--> statement-breakpoint
CREATE INDEX "records_updated_idx" ON "records" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"session_start_date","session_end_date");--> statement-breakpoint
CREATE INDEX "records_educational_org_idx" ON "records" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"session_start_date","session_end_date","search");--> statement-breakpoint
CREATE INDEX "records_contracting_org_idx" ON "records" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"session_start_date","session_end_date","search");