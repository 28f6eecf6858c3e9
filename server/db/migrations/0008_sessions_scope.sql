ALTER TABLE "sessions" ADD COLUMN "educational_organization_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "contracting_organization_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "healthcare_social" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A session's copies of its training's scope columns (server/scope/row-scope.ts reads them here, issue 11). Set from the training on
-- insert and whenever training_id or a copy is written (a direct write cannot make them lie); a missing training leaves them alone,
-- so the foreign key still reports it. FOR SHARE waits for a transaction changing the training's organisations and reads what it
-- committed: without it a session inserted meanwhile would keep the old ones (the training's trigger below cannot see it yet).
CREATE FUNCTION sessions_fill_scope() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  training record;
BEGIN
  SELECT t.educational_organization_id, t.contracting_organization_id, t.healthcare_social INTO training
    FROM trainings t WHERE t.id = NEW.training_id FOR SHARE;
  IF FOUND THEN
    NEW.educational_organization_id := training.educational_organization_id;
    NEW.contracting_organization_id := training.contracting_organization_id;
    NEW.healthcare_social := training.healthcare_social;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_fill_scope BEFORE INSERT OR UPDATE OF training_id, educational_organization_id, contracting_organization_id, healthcare_social
  ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_fill_scope();
--> statement-breakpoint
CREATE FUNCTION sessions_follow_training_scope() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sessions SET educational_organization_id = NEW.educational_organization_id,
    contracting_organization_id = NEW.contracting_organization_id, healthcare_social = NEW.healthcare_social
  WHERE training_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trainings_sessions_scope AFTER UPDATE OF educational_organization_id, contracting_organization_id, healthcare_social ON trainings
  FOR EACH ROW
  WHEN (OLD.educational_organization_id IS DISTINCT FROM NEW.educational_organization_id
    OR OLD.contracting_organization_id IS DISTINCT FROM NEW.contracting_organization_id OR OLD.healthcare_social IS DISTINCT FROM NEW.healthcare_social)
  EXECUTE FUNCTION sessions_follow_training_scope();
--> statement-breakpoint
-- The existing sessions, before their indexes are built (sessions_fill_scope recomputes the same values). Creating the trigger on
-- trainings locked it against writes until this migration commits, so no training changes between this copy and the trigger.
UPDATE sessions s SET educational_organization_id = t.educational_organization_id,
  contracting_organization_id = t.contracting_organization_id, healthcare_social = t.healthcare_social
FROM trainings t WHERE t.id = s.training_id;
--> statement-breakpoint
CREATE INDEX "sessions_educational_org_idx" ON "sessions" USING btree ("educational_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sessions_contracting_org_idx" ON "sessions" USING btree ("contracting_organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
