CREATE TABLE "record_events" (
	"id" text PRIMARY KEY NOT NULL,
	"record_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"employee_id" text,
	"employee_name" text NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"success" boolean NOT NULL,
	"answer" jsonb
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" text PRIMARY KEY NOT NULL,
	"trainee_id" text NOT NULL,
	"session_id" text NOT NULL,
	"status" text DEFAULT 'SETUP' NOT NULL,
	"agora_id" text NOT NULL,
	"planned_start_date" date NOT NULL,
	"planned_end_date" date NOT NULL,
	"real_start_date" date,
	"real_end_date" date,
	"employment_obligation" text,
	"study_level" text,
	"study_grade" text,
	"professional_situation" text,
	"job_status" text,
	"contract_type" text,
	"professional_category" text,
	"employer_category" text,
	"employer_siret" text,
	"code_urssaf" text,
	"exit_reason" text,
	"internship_start_date" date,
	"internship_end_date" date,
	"internship_company_name" text,
	"internship_tutor_assessment" text,
	"internship_training_result" text,
	"internship_prospects" text,
	"rejection_reason" text,
	"rejected_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_exchange_failed" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	CONSTRAINT "records_trainee_unique" UNIQUE("trainee_id"),
	CONSTRAINT "records_agora_id_unique" UNIQUE("agora_id"),
	CONSTRAINT "records_real_dates_check" CHECK ("records"."real_end_date" >= "records"."real_start_date"),
	CONSTRAINT "records_internship_dates_check" CHECK ("records"."internship_end_date" >= "records"."internship_start_date")
);
--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_trainee_id_trainees_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."trainees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_events_record_idx" ON "record_events" USING btree ("record_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "record_events_employee_idx" ON "record_events" USING btree ("employee_id") WHERE "record_events"."employee_id" is not null;--> statement-breakpoint
CREATE INDEX "records_search_idx" ON "records" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "records_updated_idx" ON "records" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "records_session_idx" ON "records" USING btree ("session_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The search text of a record: its trainee's names and NIR, its AGORA number, its training's name and number, lower-cased and
-- unaccented like the generated search columns (server/db/search.ts).
CREATE FUNCTION records_search_text(trainee text, session text, agora text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT f_unaccent(lower(
    coalesce((SELECT p.last_name || ' ' || p.birth_name || ' ' || p.first_name || ' ' || p.ssn FROM trainees p WHERE p.id = trainee), '')
    || ' ' || coalesce(agora, '') || ' ' ||
    coalesce((SELECT t.name || ' ' || t.number FROM sessions s JOIN trainings t ON t.id = s.training_id WHERE s.id = session), '')))
$$;
--> statement-breakpoint
CREATE FUNCTION records_fill_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := records_search_text(NEW.trainee_id, NEW.session_id, NEW.agora_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER records_fill_search BEFORE INSERT OR UPDATE OF trainee_id, session_id, agora_id, search ON records
  FOR EACH ROW EXECUTE FUNCTION records_fill_search();
--> statement-breakpoint
CREATE FUNCTION records_follow_trainee_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Assigning search fires records_fill_search, which recomputes it from the new values.
  UPDATE records SET search = '' WHERE trainee_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trainees_records_search AFTER UPDATE OF first_name, last_name, birth_name, ssn ON trainees
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.birth_name IS DISTINCT FROM NEW.birth_name OR OLD.ssn IS DISTINCT FROM NEW.ssn)
  EXECUTE FUNCTION records_follow_trainee_search();
--> statement-breakpoint
CREATE FUNCTION records_follow_training_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE records SET search = '' WHERE session_id IN (SELECT id FROM sessions WHERE training_id = NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trainings_records_search AFTER UPDATE OF name, number ON trainings
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.number IS DISTINCT FROM NEW.number)
  EXECUTE FUNCTION records_follow_training_search();
--> statement-breakpoint
CREATE FUNCTION records_follow_session_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE records SET search = '' WHERE session_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_records_search AFTER UPDATE OF training_id ON sessions
  FOR EACH ROW WHEN (OLD.training_id IS DISTINCT FROM NEW.training_id)
  EXECUTE FUNCTION records_follow_session_search();
