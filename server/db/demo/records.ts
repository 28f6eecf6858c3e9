import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { isClosedStatus } from "../../../resources/records/status-transitions";
import type { RecordStatus } from "../../../resources/records/enums";
import { createAgoraSimulator } from "../../agora/simulator/index";
import type { AgoraRecordState } from "../../agora/types";
import { addDays, dayInFrance } from "../../calendar/calendar-dates";
import { refreshQualityFlags, uncheckedRecords } from "../../quality/record-flags";
import type { Executor } from "../connection";
import { newId } from "../ids";
import { employeeOrganizations, employees, recordEvents, records, sessions, trainees, trainings, type AgoraEventAnswer } from "../schema/index";
import { EXIT_REASON_OF, FIXTURE_STORIES, demoInformation, storyOf, type Phase, type Step, type StepTime } from "./record-stories";

/**
 * Demo records: about 150, one per trainee (the last trainees keep none, for the creation wizard), over every session. Each one's
 * story (record-stories.ts) is played through the AGORA simulator on its own dates, so the statuses, the file numbers and the
 * refusals in the history are the ones the product would have got, and the simulator holds the same files (agora_sim) as the
 * product; the authors are employees of the training's organisation.
 * Dated from the day the demo is loaded, like the sessions: some records are blocking for each reason (design.md).
 */

const RECORDS = 150;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FALLBACK_AUTHOR = "Hélène LEFÈVRE";

type Event = typeof recordEvents.$inferInsert;

const phaseOf = (session: { startDate: string; endDate: string }, today: string): Phase =>
  session.startDate > today ? "future" : session.endDate < today ? "past" : "current";

/** Employees of the training organisations who file records (gest-of, resp-of), by organisation. */
async function authorsByOrganization(db: Executor): Promise<Map<string, { id: string; name: string }[]>> {
  const rows = await db
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName, organizationId: employeeOrganizations.organizationId })
    .from(employees)
    .innerJoin(employeeOrganizations, eq(employeeOrganizations.employeeId, employees.id))
    .where(inArray(employees.roleId, ["rol_gest-of", "rol_resp-of"]))
    .orderBy(asc(employees.email));
  const byOrganization = new Map<string, { id: string; name: string }[]>();
  for (const row of rows) {
    const list = byOrganization.get(row.organizationId) ?? [];
    list.push({ id: row.id, name: `${row.firstName} ${row.lastName}` });
    byOrganization.set(row.organizationId, list);
  }
  return byOrganization;
}

export async function seedRecords(db: Executor, now = new Date()): Promise<void> {
  const today = dayInFrance(now);
  const sessionRows = await db
    .select({
      id: sessions.id,
      startDate: sessions.startDate,
      endDate: sessions.endDate,
      organizationId: trainings.educationalOrganizationId,
      healthcareSocial: trainings.healthcareSocial,
      training: { name: trainings.name, number: trainings.number, actionNumber: trainings.actionNumber },
    })
    .from(sessions)
    .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
    // Sessions of one start date are told apart by their creation stamps (fixed by the demo), not by their random ids: each
    // demo trainee's record then lands on the same session, so in the same organisations' scope, at every demo load.
    .orderBy(asc(sessions.startDate), asc(sessions.createdAt), asc(sessions.id));
  if (sessionRows.length === 0) return;
  const traineeRows = await db
    .select({ id: trainees.id, firstName: trainees.firstName, lastName: trainees.lastName, birthName: trainees.birthName, ssn: trainees.ssn, birthDate: trainees.birthDate })
    .from(trainees)
    .orderBy(asc(trainees.createdAt), asc(trainees.id))
    .limit(RECORDS);
  const authors = await authorsByOrganization(db);
  const byPhase = (phase: Phase) => sessionRows.filter((s) => phaseOf(s, today) === phase);

  const recordValues: (typeof records.$inferInsert)[] = [];
  const eventValues: Event[] = [];
  for (const [index, { id: traineeId, ...trainee }] of traineeRows.entries()) {
    const fixture = FIXTURE_STORIES[trainee.lastName];
    const candidates = fixture ? byPhase(fixture.phase) : [];
    const session = candidates.length > 0 ? candidates[index % candidates.length]! : sessionRows[index % sessionRows.length]!;
    const phase = phaseOf(session, today);
    const steps = fixture && candidates.length > 0 ? fixture.steps : storyOf(phase, Math.floor(index / sessionRows.length) + index);
    const people = authors.get(session.organizationId) ?? [];
    const author = people[index % Math.max(people.length, 1)] ?? { id: null, name: FALLBACK_AUTHOR };
    const played = await play(db, { trainee, session, steps, author, now, index });
    if (!played) continue;
    recordValues.push({ ...played.record, traineeId, sessionId: session.id });
    eventValues.push(...played.events);
  }
  if (recordValues.length === 0) return;
  await db.insert(records).values(recordValues);
  for (let i = 0; i < eventValues.length; i += 500) await db.insert(recordEvents).values(eventValues.slice(i, i + 500));
  // The planted mistakes make some of them blocking for the data-quality gate.
  await refreshQualityFlags(db, uncheckedRecords());
}

interface Story {
  trainee: AgoraRecordState["trainee"];
  session: { startDate: string; endDate: string; healthcareSocial: boolean; training: AgoraRecordState["training"] };
  steps: Step[];
  author: { id: string | null; name: string };
  now: Date;
  index: number;
}

/** Plays the story through the simulator; undefined when AGORA refuses the creation itself (nothing is stored then). */
async function play(db: Executor, { trainee, session, steps, author, now, index }: Story) {
  const latest = now.getTime() - HOUR;
  const at = (day: string, hours: number) => new Date(`${day}T${String(8 + hours).padStart(2, "0")}:${String((index * 7) % 60).padStart(2, "0")}:00`);
  const created = new Date(Math.min(at(addDays(session.startDate, -30 - (index % 20)), index % 8).getTime(), latest - (2 + (index % 9)) * DAY));
  let clock = created.getTime();
  /** The step's instant: never before the previous one, never in the future. */
  const when = (time: StepTime) => {
    const base = time.after === "creation" ? created : at(time.after === "start" ? session.startDate : session.endDate, 1 + (index % 7));
    clock = Math.max(clock + 10 * 60_000, Math.min(base.getTime() + time.days * DAY, latest));
    return new Date(clock);
  };
  let instant = created;
  const agora = createAgoraSimulator(db, { now: () => instant });
  const call = () => ({ idempotencyKey: randomUUID() });
  const file = { trainee, session: { startDate: session.startDate, endDate: session.endDate }, training: session.training };
  const pushed = await agora.pushRecord(file, call());
  if (!pushed.ok) return undefined;

  const id = newId();
  const events: Event[] = [];
  const event = (e: Omit<Event, "id" | "recordId" | "employeeId" | "employeeName">) =>
    events.push({ id: newId(), recordId: id, employeeId: author.id, employeeName: author.name, ...e });
  event({ at: created, kind: "CREATION", fromStatus: null, toStatus: "SETUP", success: true, answer: null });
  event({ at: new Date(created.getTime() + 1000), kind: "PUSH", fromStatus: null, toStatus: "SETUP", success: true, answer: { accepted: pushed.value } });

  const state: AgoraRecordState = { ...file, agoraId: pushed.value.agoraId, status: pushed.value.status, closedAt: null };
  let failed = false;
  let version = 1;
  let updatedAt = created;
  let rejection: { reason: NonNullable<Extract<Step, { op: "status" }>["reason"]>; at: Date } | undefined;
  const reachedAt: Partial<Record<RecordStatus, Date>> = {};
  for (const step of steps) {
    instant = when(step.at);
    const reason = step.op === "status" ? (step.reason ?? null) : null;
    const outcome =
      step.op === "status" ? await agora.changeRecordStatus(state, { status: step.to, reason }, call()) : await agora.repushRecord(state, { reason }, call());
    const kind = step.op === "status" ? "STATUS" : "REPUSH";
    const toStatus = step.op === "status" ? step.to : state.status;
    const answer: AgoraEventAnswer = outcome.ok ? { accepted: outcome.value } : { refused: outcome.error };
    event({ at: instant, kind, fromStatus: state.status, toStatus: outcome.ok ? outcome.value.status : toStatus, success: outcome.ok, answer });
    failed = !outcome.ok;
    if (!outcome.ok) continue;
    if (outcome.value.status !== state.status) {
      reachedAt[outcome.value.status] = instant;
      if (isClosedStatus(outcome.value.status)) state.closedAt = instant.toISOString();
      if (outcome.value.status === "REJECTED" && reason) rejection = { reason, at: instant };
    }
    state.status = outcome.value.status;
    version += 1;
    updatedAt = instant;
  }

  const status = state.status;
  const started = reachedAt.START_OF_TRAINING !== undefined;
  // Left at the session's end, or on the day the training was abandoned.
  const abandoned = started ? reachedAt.TERMINATED_NOT_DONE : undefined;
  const realEndDate = reachedAt.END_OF_TRAINING ? session.endDate : abandoned ? dayInFrance(abandoned) : null;
  const ended = realEndDate !== null;
  const dates = started ? { realStartDate: session.startDate, realEndDate } : undefined;
  const information = dates ? demoInformation(index, session.healthcareSocial, dates, EXIT_REASON_OF[status] ?? null) : {};
  const internship =
    ended && index % 2 === 0
      ? {
          internshipStartDate: addDays(session.startDate, 28),
          internshipEndDate: addDays(session.startDate, 49),
          internshipCompanyName: ["Boulangerie Martin", "Clinique des Lilas", "Mairie de Lyon", "Transports Durand"][index % 4]!,
          internshipTutorAssessment: "Stagiaire investi, autonome sur les tâches confiées en fin de stage.",
          internshipTrainingResult: index % 4 === 0 ? "Certification obtenue" : "Certification obtenue partiellement",
          internshipProspects: "Embauche envisagée par l'entreprise d'accueil à l'issue de la formation.",
        }
      : {};
  return {
    record: {
      id,
      status,
      agoraId: state.agoraId,
      plannedStartDate: session.startDate,
      plannedEndDate: session.endDate,
      ...information,
      ...internship,
      rejectionReason: rejection?.reason ?? null,
      rejectedAt: rejection?.at ?? null,
      closedAt: state.closedAt ? new Date(state.closedAt) : null,
      lastExchangeFailed: failed,
      // The form saved once the trainee entered training: one more version.
      version: version + (dates ? 1 : 0),
      createdAt: created,
      updatedAt,
    },
    events,
  };
}
