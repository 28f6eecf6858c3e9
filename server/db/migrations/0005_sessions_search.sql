ALTER TABLE "sessions" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_search_idx" ON "sessions" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
-- The search text of a session: its training's name, number, market and action numbers and its educational organisation's
-- name and SIRET, lower-cased and unaccented like the generated search columns (server/db/search.ts).
CREATE FUNCTION sessions_search_text(training text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT f_unaccent(lower(coalesce(t.name, '') || ' ' || coalesce(t.number, '') || ' ' || coalesce(t.market_number, '') || ' ' ||
      coalesce(t.action_number, '') || ' ' || coalesce(o.name, '') || ' ' || coalesce(o.siret, '')))
    FROM trainings t JOIN organizations o ON o.id = t.educational_organization_id
    WHERE t.id = training), '')
$$;
--> statement-breakpoint
CREATE FUNCTION sessions_fill_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := sessions_search_text(NEW.training_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_fill_search BEFORE INSERT OR UPDATE OF training_id, search ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_fill_search();
--> statement-breakpoint
CREATE FUNCTION sessions_follow_training_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Assigning search fires sessions_fill_search, which recomputes it from the training's new values.
  UPDATE sessions SET search = '' WHERE training_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trainings_sessions_search AFTER UPDATE OF name, number, market_number, action_number, educational_organization_id ON trainings
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.number IS DISTINCT FROM NEW.number OR OLD.market_number IS DISTINCT FROM NEW.market_number
    OR OLD.action_number IS DISTINCT FROM NEW.action_number OR OLD.educational_organization_id IS DISTINCT FROM NEW.educational_organization_id)
  EXECUTE FUNCTION sessions_follow_training_search();
--> statement-breakpoint
CREATE FUNCTION sessions_follow_organization_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sessions SET search = '' WHERE training_id IN (SELECT id FROM trainings WHERE educational_organization_id = NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_sessions_search AFTER UPDATE OF name, siret ON organizations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.siret IS DISTINCT FROM NEW.siret)
  EXECUTE FUNCTION sessions_follow_organization_search();
--> statement-breakpoint
UPDATE sessions SET search = '';
