/**
 * The bench data set (README "Performances"): organisations, employees, trainings and their funders, sessions, then trainees and
 * their records loaded together, then FSE surveys. Each record is generated with its trainee, so what the triggers and the
 * quality checks would write after the load is written at insert (seed-quality.ts): no second pass over the records, no
 * updated rows left for VACUUM, and the trainees' indexes built once.
 */
import type pg from "pg";
import type { RecordStatus } from "../../resources/common/record-statuses";
import { communeIndex } from "../../server/quality/communes";
import type { SeedOptions } from "./args";
import { employeeRow, organizationRow, trainingOrganizationCount, traineeRow, trainingRow } from "./generate";
import { fsePeriodCount, fseSurveyRows } from "./generate-fse";
import { recordCount, recordRow } from "./generate-records";
import { sessionCount, sessionRow } from "./generate-sessions";
import { pick, seededRandom } from "./random";
import { fill, type Log } from "./seed-fill";
import { linkRecord, seedSessionOf, seedTrainingOf, type SeedSession, type SeedTraining } from "./seed-quality";

/** Bench trainees are recognisable by their e-mails at bench.test (organisations by their SIRETs starting with 9). */
export const BENCH_TRAINEES = "select id from trainees where email like '%@bench.test'";

/**
 * Triggers off during the load of trainees, records and surveys (table, trigger): the records' would write each record's trainee
 * row by row, the trainees' would look for a record not inserted yet, the surveys' would update their records batch by batch,
 * the records' own would clear their survey flags and read their trainee, session and training row by row (more than half of
 * a record's insert): the copies and search text they keep are generated with the rows (seed-quality.ts).
 */
const OFF_DURING_PEOPLE_LOAD = [
  "records records_trainee_scope", "trainees trainees_fill_record_scope", "records records_fill_fse_surveys", "record_fse record_fse_added",
  "records records_fill_search", "records records_fill_session_copies",
];
const AROUND_PEOPLE_LOAD = {
  before: OFF_DURING_PEOPLE_LOAD.map((t) => `alter table ${t.replace(" ", " disable trigger ")}`),
  after: OFF_DURING_PEOPLE_LOAD.map((t) => `alter table ${t.replace(" ", " enable trigger ")}`),
};

export async function seedBench(client: pg.Client, options: SeedOptions, log: Log): Promise<Record<string, number>> {
  const now = Date.now();
  const random = seededRandom(20_260_011);
  const totals: Record<string, number> = {};
  const add = (made: Record<string, number>) => Object.entries(made).forEach(([t, n]) => (totals[t] = (totals[t] ?? 0) + n));

  const orgIds: string[] = [];
  const sirets = new Map<string, string | null>();
  add(await fill(client, log, "Organismes", ["organizations"], options.organizations, (i) => {
    const row = organizationRow(i, options.organizations, random, now);
    orgIds.push(row.id as string);
    sirets.set(row.id as string, row.siret as string | null);
    return { organizations: [row] };
  }));
  const split = trainingOrganizationCount(options.organizations);
  const orgs = { training: orgIds.slice(0, split), contracting: orgIds.slice(split) };
  if (orgs.contracting.length === 0) orgs.contracting = orgs.training;

  add(await fill(client, log, "Employés", ["employees", "employee_organizations"], options.employees, (i) => {
    const { row, organizationIds } = employeeRow(i, random, now, orgs);
    return { employees: [row], employee_organizations: organizationIds.map((id) => ({ employee_id: row.id, organization_id: id })) };
  }));
  const trainingIds: string[] = [];
  const seedTrainings = new Map<string, SeedTraining>();
  add(await fill(client, log, "Formations", ["trainings", "training_funders"], options.trainings, (i) => {
    const { row, funders } = trainingRow(i, random, now, orgs);
    trainingIds.push(row.id as string);
    seedTrainings.set(row.id as string, seedTrainingOf(row, funders, sirets));
    return { trainings: [row], training_funders: funders };
  }));
  const sessions: SeedSession[] = [];
  if (trainingIds.length > 0) {
    add(await fill(client, log, "Sessions", ["sessions"], sessionCount(options.trainees), () => {
      const row = sessionRow(random, now, trainingIds);
      sessions.push(seedSessionOf(row, seedTrainings.get(row.training_id as string)!));
      return { sessions: [row] };
    }));
  }
  add(await fillPeople(client, log, options, sessions, random, now));
  return totals;
}

/**
 * Trainees, and the records of the first of them (one each, on a random bench session), as many as asked but leaving a share
 * of the trainees without one (recordCount); on the records of FSE trainings, their surveys, as many periods as their status
 * allows (generate-fse.ts). A generated NIR that repeats one already stored or generated is skipped with its
 * trainee (the unique NIR would refuse it, and its record would have no trainee).
 */
async function fillPeople(client: pg.Client, log: Log, options: SeedOptions, sessions: SeedSession[], random: () => number, now: number) {
  const { rows: stored } = await client.query<{ ssn: string }>("select ssn from trainees");
  const ssns = new Set(stored.map((row) => row.ssn));
  const records = sessions.length > 0 ? recordCount(options.records, options.trainees) : 0;
  if (records < options.records && sessions.length > 0) {
    log(`--records ${options.records} : un dossier par stagiaire au plus, en laissant des stagiaires sans dossier : ${records} dossiers.`);
  }
  const communes = await communeIndex();
  let made = 0;
  let skipped = 0;
  const totals = await fill(client, log, "Stagiaires, dossiers et questionnaires FSE", ["trainees", "records", "record_fse"], options.trainees, (i) => {
    const trainee = traineeRow(i, random, now);
    if (ssns.has(trainee.ssn as string)) {
      skipped++;
      return {};
    }
    ssns.add(trainee.ssn as string);
    if (made >= records) return { trainees: [trainee] };
    const session = pick(random, sessions);
    const record = recordRow(made++, random, now, trainee.id as string, session);
    const surveys = session.training.fse
      ? fseSurveyRows(random, record.id as string, Date.parse(record.updated_at as string), fsePeriodCount(random, record.status as RecordStatus), now)
      : [];
    linkRecord(trainee, session, record, surveys, communes);
    return { trainees: [trainee], records: [record], record_fse: surveys };
  }, AROUND_PEOPLE_LOAD);
  if (skipped > 0) log(`  ${skipped} stagiaires au NIR déjà pris non ajoutés.`);
  return totals;
}
