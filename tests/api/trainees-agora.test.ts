import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_IDS, type RoleId } from "../../resources/permissions";
import { TRAINEE_MSG } from "../../resources/trainees/schema";
import { DEMO_TRAINEES } from "../../server/db/demo/trainees";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
const staff = {} as Record<RoleId, TestEmployee>;

beforeAll(async () => {
  t = await createTestApp();
  const org = await t.organization();
  for (const role of ROLE_IDS) staff[role] = await t.employee(role, [org]);
});
afterAll(() => t.close());

const lookup = async (query: string, role: RoleId = "rol_gest-of", app: TestApp = t, people = staff) =>
  app.app.inject({ method: "GET", url: `/api/trainees/agora?${query}`, headers: await app.auth(people[role]) });

describe("GET /api/trainees/agora (simulator)", () => {
  it("finds a person not yet in the product: no id", async () => {
    const res = await lookup("ssn=2850275123456&birthName=DURAND");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { ssn: "2850275123456", birthName: "DURAND", lastName: "DURAND", firstName1: "Marie", birthDate: "1985-02-11", exists: false },
    });
  });

  it("matches the birth name whatever its case and accents", async () => {
    const res = await lookup(`ssn=2850275123456&birthName=${encodeURIComponent(" durând ")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.birthName).toBe("DURAND");
  });

  it("answers the product's trainee id when the NIR is already in the product", async () => {
    const demo = DEMO_TRAINEES[2]!;
    const before = await lookup(`ssn=${demo.ssn}&birthName=${encodeURIComponent(demo.birthName)}`);
    expect(before.json().data.id).toBeUndefined();
    const created = await t.app.inject({ method: "POST", url: "/api/trainees", headers: await t.auth(staff["rol_admin"]), payload: demo });
    expect(created.statusCode).toBe(201);
    const res = await lookup(`ssn=${demo.ssn}&birthName=${encodeURIComponent(demo.birthName)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.json().data.id, exists: true, ssn: demo.ssn, firstName1: demo.firstName, lastName: demo.lastName });
  });

  it("says the NIR is in the product without pointing at a holder whose record is outside the caller's scope", async () => {
    const demo = DEMO_TRAINEES[3]!;
    const admin = staff["rol_admin"];
    const { sessionId } = await trainingWithSession(t, admin, { educational: await t.organization(), contracting: await t.organization() });
    const traineeId = await createTrainee(t, admin, { ssn: demo.ssn, birthName: demo.birthName, lastName: demo.lastName, firstName: demo.firstName });
    await recordRow(t, { traineeId, sessionId });
    const query = `ssn=${demo.ssn}&birthName=${encodeURIComponent(demo.birthName)}`;
    const outside = await lookup(query, "rol_gest-of");
    expect(outside.statusCode, outside.body).toBe(200);
    expect(outside.json().data.exists).toBe(true);
    expect(outside.json().data.id).toBeUndefined();
    expect((await lookup(query, "rol_admin")).json().data).toMatchObject({ exists: true, id: traineeId });
  });

  it.each([
    ["a wrong birth name", "ssn=2850275123456&birthName=MARTIN"],
    ["an unknown NIR", "ssn=1111111111111&birthName=DURAND"],
  ])("answers 404 with the spec's message for %s", async (_case, query) => {
    const res = await lookup(query);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      "La recherche du titulaire n'a pu aboutir. Le nom ne correspond pas au numéro de sécurité sociale saisi.",
    );
  });

  it.each([
    ["no NIR", "birthName=DURAND", "querystring.ssn", "Ce champ est obligatoire"],
    ["no birth name", "ssn=2850275123456", "querystring.birthName", "Ce champ est obligatoire"],
    ["a NIR of 12 characters", "ssn=285027512345&birthName=DURAND", "querystring.ssn", "Le nombre de caractères minimum est 13"],
    ["a NIR of 14 characters", "ssn=28502751234567&birthName=DURAND", "querystring.ssn", "Le nombre de caractères est limité à 13"],
  ])("answers 400 for %s", async (_case, query, path, message) => {
    const res = await lookup(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toContainEqual({ path, message });
  });

  it.each(["rol_sup-admin", "rol_admin", "rol_resp-of", "rol_gest-of"] as RoleId[])("is allowed to %s", async (role) => {
    expect((await lookup("ssn=2850275123456&birthName=DURAND", role)).statusCode).toBe(200);
  });

  it.each(["rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"] as RoleId[])("is refused to %s (403)", async (role) => {
    expect((await lookup("ssn=2850275123456&birthName=DURAND", role)).statusCode).toBe(403);
  });

  it("is refused without a session (401)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/trainees/agora?ssn=2850275123456&birthName=DURAND" });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/trainees/agora through the HTTP adapter (AGORA_URL)", () => {
  let server: http.Server;
  let seen: string[] = [];
  let remote: TestApp;
  let admin: Record<RoleId, TestEmployee>;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? "");
      const url = new URL(req.url ?? "/", "http://agora");
      if (url.searchParams.get("ssn") === "9999999999999") {
        res.writeHead(500).end();
      } else if (url.pathname === "/v1/persons" && url.searchParams.get("birthName") === "REMOTE") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ data: { ssn: "1010101010101", birthName: "REMOTE", lastName: "REMOTE", firstName1: "Distant", birthDate: "1990-01-01" } }));
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    remote = await createTestApp({ agoraUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
    admin = { ...staff, rol_admin: await remote.employee("rol_admin", []) };
  });
  afterAll(async () => {
    await remote.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("asks the external system and answers its person", async () => {
    seen = [];
    const res = await lookup("ssn=1010101010101&birthName=remote", "rol_admin", remote, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName1: "Distant", ssn: "1010101010101" });
    expect(seen).toEqual(["/v1/persons?ssn=1010101010101&birthName=REMOTE"]);
  });

  it("answers 404 with the spec's message when the external system does not match", async () => {
    const res = await lookup("ssn=2850275123456&birthName=DURAND", "rol_admin", remote, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TRAINEE_MSG.personNotMatched);
  });

  it("answers 502 with a French message when the external system fails", async () => {
    const res = await lookup("ssn=9999999999999&birthName=DURAND", "rol_admin", remote, admin);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(TRAINEE_MSG.agoraUnavailable);
  });
});
