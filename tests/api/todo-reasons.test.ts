/**
 * « Motif » (issue 40, point 8): each row of an « À traiter » list says why it is there — the FSE survey due (entrée, sortie,
 * six mois) with its date, the bilan due since the session's end, the failed exchange's AGORA code, the exchange under way, the
 * blocking reasons — on the app's clock; the other lists answer none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../server/db/ids";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let now = new Date("2026-05-18T10:00:00Z");
const at = (day: string) => (now = new Date(`${day}T10:00:00Z`));
const named: Record<string, string> = {};

/** Each row's « Motif », by the row's name. */
async function reasons(url: string): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ url, headers: await t.auth(admin) });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().data as { id: string; reason?: unknown }[];
  return Object.fromEntries(rows.map((row) => [Object.keys(named).find((name) => named[name] === row.id) ?? row.id, row.reason]));
}

async function exchange(recordId: string, state: string, fields: { answer?: object; lastError?: string; createdAt?: string } = {}) {
  const id = newId();
  await t.query(
    `insert into agora_exchanges (id, idempotency_key, kind, state, record_id, payload, employee_name, answer, last_error, created_at)
     values ($1, $1, 'REPUSH', $2, $3, '{}', 'Test', $4, $5, coalesce($6::timestamptz, now()))`,
    [id, state, recordId, fields.answer ? JSON.stringify(fields.answer) : null, fields.lastError ?? null, fields.createdAt ?? null],
  );
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  const organizations = { educational: await t.organization(), contracting: await t.organization() };
  admin = await t.employee("rol_admin", []);
  const session = async (startDate: string, endDate: string, fse = true) =>
    (await trainingWithSession(t, admin, organizations, { fse }, { startDate, endDate })).sessionId;
  const withFse = await session("2025-01-06", "2026-12-18");
  const record = async (name: string, realStartDate: string | null, realEndDate: string | null, surveys: string[] = [], sessionId = withFse) => {
    named[name] = await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId }, { realStartDate, realEndDate, status: "START_OF_TRAINING" });
    for (const period of surveys) await t.query("insert into record_fse (id, record_id, period, information) values ($1, $2, $3, '{}')", [newId(), named[name], period]);
  };
  await record("entry0420", "2026-04-20", null);
  await record("entry0421", "2026-04-21", null);
  await record("exit0420", "2026-01-05", "2026-04-20", ["INPUT"]);
  await record("six1231", "2025-06-02", "2025-12-31", ["INPUT", "OUTPUT"]);
  const noFse = await session("2025-01-06", "2026-12-18", false);
  await record("refused", null, null, [], noFse);
  await record("failed", null, null, [], noFse);
  await record("pending", null, null, [], noFse);
  await exchange(named.refused!, "refused", { answer: { refused: { type: "FUNCTIONAL", code: 1029, message: "Le dossier est incomplet" } } });
  await exchange(named.failed!, "failed", { lastError: "AGORA ne répond pas" });
  await t.query("update records set last_exchange_failed = true where id = any($1)", [[named.refused, named.failed]]);
  const pending = await exchange(named.pending!, "pending", { createdAt: "2026-05-18T07:30:00Z" });
  await t.query("update records set pending_exchange_id = $1 where id = $2", [pending, named.pending]);
  named.bilan0504 = await session("2026-03-02", "2026-05-04");
  named.bilan0511 = await session("2026-03-02", "2026-05-11");
});
afterAll(() => t.close());

describe("« Motif » of the FSE surveys", () => {
  it("late: the survey and the day it is late from", async () => {
    at("2026-05-18");
    expect(await reasons("/api/records?todo=fse-late")).toEqual({
      entry0420: { kind: "fseSurvey", period: "INPUT", dueDate: "2026-05-18", late: true, label: "Questionnaire FSE d'entrée en retard depuis le 18/05/2026" },
      exit0420: { kind: "fseSurvey", period: "OUTPUT", dueDate: "2026-05-18", late: true, label: "Questionnaire FSE de sortie en retard depuis le 18/05/2026" },
    });
  });

  it("soon: the day before which to fill it", async () => {
    at("2026-05-18");
    expect(await reasons("/api/records?todo=fse-soon")).toEqual({
      entry0421: { kind: "fseSurvey", period: "INPUT", dueDate: "2026-05-19", late: false, label: "Questionnaire FSE d'entrée à saisir avant le 19/05/2026" },
    });
  });

  it("six months: late seven months after the real end", async () => {
    at("2026-07-31");
    expect((await reasons("/api/records?todo=fse-late")).six1231).toEqual({
      kind: "fseSurvey",
      period: "AFTER_SIX_MONTH",
      dueDate: "2026-07-31",
      late: true,
      label: "Questionnaire FSE à 6 mois en retard depuis le 31/07/2026",
    });
  });
});

describe("« Motif » of the exchanges with AGORA and of the blocking records", () => {
  it("a failed exchange: AGORA's code, or a technical failure", async () => {
    at("2026-05-18");
    expect(await reasons("/api/records?todo=agora-failed")).toEqual({
      refused: { kind: "agoraFailed", code: 1029, message: "Le dossier est incomplet", label: "Échange refusé par AGORA : code 1029" },
      failed: { kind: "agoraFailed", code: null, message: "AGORA ne répond pas", label: "Échec technique de l'échange avec AGORA" },
    });
  });

  it("an exchange under way, since when (in France)", async () => {
    expect(await reasons("/api/records?todo=agora-pending")).toEqual({
      pending: { kind: "agoraPending", since: "2026-05-18T07:30:00.000Z", label: "Envoi à AGORA en cours depuis le 18/05/2026 à 09:30" },
    });
  });

  it("a blocking record: its reasons", async () => {
    const blocking = await reasons("/api/records?filterAnomalies=true");
    expect(blocking.refused).toMatchObject({ kind: "blocking", codes: ["lastExchangeFailed"], label: "Le dernier échange avec Agora a échoué" });
  });

  it("no « Motif » on a list that is not « À traiter »", async () => {
    const all = await reasons("/api/records?limit=100");
    expect(Object.values(all).every((reason) => reason === undefined)).toBe(true);
    expect(Object.values(await reasons("/api/sessions?limit=100")).every((reason) => reason === undefined)).toBe(true);
  });
});

describe("« Motif » of the bilans", () => {
  it("due since the session's end, late or soon", async () => {
    at("2026-05-21");
    expect((await reasons("/api/sessions?todo=bilans-late")).bilan0504).toEqual({
      kind: "bilan",
      dueSince: "2026-05-04",
      late: true,
      label: "Bilan à valider depuis le 04/05/2026 (fin de la session), en retard",
    });
    at("2026-05-20");
    expect((await reasons("/api/sessions?todo=bilans-soon")).bilan0511).toEqual({
      kind: "bilan",
      dueSince: "2026-05-11",
      late: false,
      label: "Bilan à valider depuis le 11/05/2026 (fin de la session)",
    });
  });
});
