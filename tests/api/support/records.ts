/**
 * What record tests start from: a training with a session, and trainees, made through the API as an admin (so the rows are what
 * the routes write), then a record row inserted as the records repository would (`recordRow`).
 */
import { expect } from "vitest";
import type { TrainingBodyInput } from "../../../resources/trainings/schema";
import { newId } from "../../../server/db/ids";
import { records } from "../../../server/db/schema/index";
import { sessionBody, sessionInformation } from "./sessions";
import type { TestApp, TestEmployee } from "./test-app";
import { traineeBody } from "./trainees";
import { trainingBody } from "./trainings";

type TrainingInfo = Parameters<typeof trainingBody>[1];
type SessionInfo = Parameters<typeof sessionInformation>[0];
type TraineeFields = Parameters<typeof traineeBody>[0];

async function post(t: TestApp, as: TestEmployee, url: string, payload: object): Promise<{ id: string }> {
  const res = await t.app.inject({ method: "POST", url, headers: await t.auth(as), payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}

/** A training between the two organisations and one session of it; answers both ids and the training's body (to PATCH it with). */
export async function trainingWithSession(
  t: TestApp,
  admin: TestEmployee,
  organizations: { educational: string; contracting: string },
  info: TrainingInfo = {},
  session: SessionInfo = {},
): Promise<{ trainingId: string; sessionId: string; body: TrainingBodyInput }> {
  const body = trainingBody(organizations, info);
  const training = await post(t, admin, "/api/trainings", body);
  const created = await post(t, admin, "/api/sessions", sessionBody(training.id, session));
  return { trainingId: training.id, sessionId: created.id, body };
}

export const createTrainee = async (t: TestApp, admin: TestEmployee, fields: TraineeFields = {}) =>
  (await post(t, admin, "/api/trainees", traineeBody(fields))).id;

let agoraSeq = 0;

/** A record row as the repository inserts it after AGORA accepted it (planned dates: the session's). */
export async function recordRow(
  t: TestApp,
  ids: { traineeId: string; sessionId: string },
  fields: Partial<typeof records.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  agoraSeq += 1;
  await t.app.db.insert(records).values({
    id,
    ...ids,
    agoraId: `T${process.pid}${String(agoraSeq).padStart(6, "0")}`,
    plannedStartDate: "2026-01-12",
    plannedEndDate: "2026-03-20",
    ...fields,
  });
  return id;
}
