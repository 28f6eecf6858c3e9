import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPLOYEE_MSG } from "../../resources/employees/schema";
import { TRAINING_MSG, type Training, type TrainingImportResult } from "../../resources/trainings/schema";
import { DATABASE_MSG } from "../../server/repositories/pg-errors";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { trainingBody } from "./support/trainings";

/** What a caller must not learn about a row outside their scope: only the neutral message, no id, no name. */
const NEUTRAL = "Cette valeur est déjà utilisée. Choisissez-en une autre.";

let t: TestApp;
const org = { ofMine: "", ofOther: "", cdcMine: "", cdcOther: "" };
let respOf: TestEmployee;
let gestOf: TestEmployee;
let respCdc: TestEmployee;
let admin: TestEmployee;
let stranger: TestEmployee;
let colleague: TestEmployee;

beforeAll(async () => {
  t = await createTestApp();
  org.ofMine = await t.organization({ name: "OF À MOI" });
  org.ofOther = await t.organization({ name: "OF VOISIN SECRET" });
  org.cdcMine = await t.organization({ name: "RÉGION À MOI" });
  org.cdcOther = await t.organization({ name: "RÉGION VOISINE" });
  respOf = await t.employee("rol_resp-of", [org.ofMine]);
  gestOf = await t.employee("rol_gest-of", [org.ofMine]);
  respCdc = await t.employee("rol_resp-cdc", [org.cdcMine]);
  admin = await t.employee("rol_admin", [org.cdcMine]);
  stranger = await t.employee("rol_gest-of", [org.ofOther], { email: "inconnu.voisin@exemple.fr" });
  colleague = await t.employee("rol_gest-of", [org.ofMine], { email: "collegue@exemple.fr" });
});
afterAll(() => t.close());

const call = async (who: TestEmployee, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(who), ...(payload ? { payload } : {}) });

/** Neither the other row's id nor its organisation's name may appear anywhere in the answer. */
function expectNeutral(res: { statusCode: number; body: string; json: () => { message: string } }, hidden: string[]) {
  expect(res.statusCode).toBe(409);
  expect(res.json().message).toBe(NEUTRAL);
  for (const secret of hidden) expect(res.body).not.toContain(secret);
}

describe("employees: an e-mail held outside the caller's scope", () => {
  const employee = (email: string) => ({
    firstName: "Nouvelle",
    lastName: "Recrue",
    email,
    phoneNumber: "",
    gender: "FEMALE",
    roleId: "rol_gest-of",
    organizationIds: [org.ofMine],
  });

  it("answers a neutral 409 on create and on update, and the spec's message when the holder is in scope", async () => {
    expectNeutral(await call(respOf, "POST", "/api/employees", employee(stranger.email)), [stranger.id, "OF VOISIN SECRET"]);
    const mine = await t.employee("rol_gest-of", [org.ofMine]);
    expectNeutral(await call(respOf, "PATCH", `/api/employees/${mine.id}`, employee(stranger.email.toUpperCase())), [stranger.id]);

    const inScope = await call(respOf, "POST", "/api/employees", employee(colleague.email));
    expect(inScope.statusCode).toBe(409);
    expect(inScope.json().message).toBe(EMPLOYEE_MSG.emailTaken);
    expect(DATABASE_MSG.valueTaken).toBe(NEUTRAL);
  });

  it("admins, who see everyone, get the spec's message", async () => {
    const res = await call(admin, "POST", "/api/employees", employee(stranger.email));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EMPLOYEE_MSG.emailTaken);
  });
});

describe("trainings: a number and action number held outside the caller's scope", () => {
  let foreign: Training;
  beforeAll(async () => {
    const res = await call(admin, "POST", "/api/trainings", trainingBody({ educational: org.ofOther, contracting: org.cdcOther }));
    expect(res.statusCode, res.body).toBe(201);
    foreign = res.json().data;
  });
  const sameNumbers = (info: Training["information"]) => ({ number: info.number, actionNumber: info.actionNumber });

  it("answers a neutral 409 to a resp-cdc creating a training with those numbers", async () => {
    const body = trainingBody({ educational: org.ofMine, contracting: org.cdcMine }, sameNumbers(foreign.information));
    expectNeutral(await call(respCdc, "POST", "/api/trainings", body), [foreign.id, "OF VOISIN SECRET", "RÉGION VOISINE"]);
  });

  it("answers a neutral 409 to a gest-of's PATCH taking those numbers, and the spec's message for a training in scope", async () => {
    const mineRes = await call(respCdc, "POST", "/api/trainings", trainingBody({ educational: org.ofMine, contracting: org.cdcMine }));
    expect(mineRes.statusCode, mineRes.body).toBe(201);
    const mine = mineRes.json().data as Training;
    const taking = trainingBody({ educational: org.ofMine, contracting: org.cdcMine }, sameNumbers(foreign.information));
    expectNeutral(await call(gestOf, "PATCH", `/api/trainings/${mine.id}`, taking), [foreign.id]);

    const duplicate = await call(respCdc, "POST", "/api/trainings", trainingBody({ educational: org.ofMine, contracting: org.cdcMine }, sameNumbers(mine.information)));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(TRAINING_MSG.duplicate);
  });
});

describe("the AGORA training lookup", () => {
  it("gives the product's id only to callers who may see that training", async () => {
    const res = await call(admin, "POST", "/api/trainings", trainingBody({ educational: org.ofOther, contracting: org.cdcOther }, { number: "F2026001", actionNumber: "A01" }));
    expect(res.statusCode, res.body).toBe(201);
    const existing = res.json().data as Training;

    const outside = await call(respCdc, "GET", "/api/trainings/agora/F2026001-A01");
    expect(outside.statusCode).toBe(200);
    expect((outside.json().data as TrainingImportResult).id).toBeUndefined();
    expect(outside.body).not.toContain(existing.id);

    const admins = await call(admin, "GET", "/api/trainings/agora/F2026001-A01");
    expect((admins.json().data as TrainingImportResult).id).toBe(existing.id);
  });
});
