/**
 * Trainees' names follow the French civil-status alphabet (issue 40, point 17; docs/decisions/0001-noms-alphabet-latin.md):
 * a name in another script is refused at every input — the creation and the change of a trainee, the AGORA lookup's birth
 * name, and a person AGORA answers — with the field's French message; Latin letters with French diacritics, space, hyphen and
 * apostrophe pass, stored composed.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CIVIL_STATUS_NAME_MESSAGE } from "../../resources/common/person-name";
import { TRAINEE_MSG } from "../../resources/trainees/schema";
import { createTrainee } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { traineeBody } from "./support/trainees";

const t = await createTestApp();
let admin: TestEmployee;
beforeAll(async () => {
  admin = await t.employee("rol_admin", []);
});
afterAll(() => t.close());

const count = async () => (await t.query<{ n: number }>("select count(*)::int as n from trainees"))[0]!.n;
const post = async (payload: object) => t.app.inject({ method: "POST", url: "/api/trainees", headers: await t.auth(admin), payload });

describe("a trainee's names", () => {
  it.each([
    ["birthName", "محمد"],
    ["lastName", "ΠΑΠΑΔΟΠΟΥΛΟΣ"],
    ["firstName", "Дмитрий"],
    ["firstName", "小龙"],
    // Latin, but not the letters of French civil status: AGORA and the registers write them NGUYEN, LUKASZ.
    ["lastName", "NGUYỄN"],
    ["firstName", "Łukasz"],
    ["birthName", "DUPONT2"],
  ])("refuses %s « %s » on creation, with the field's message, creating nothing", async (field, value) => {
    const before = await count();
    const res = await post(traineeBody({ [field]: value }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.fields).toEqual([{ path: `body.${field}`, message: CIVIL_STATUS_NAME_MESSAGE }]);
    expect(await count()).toBe(before);
  });

  it("refuses a change to a name in another script, changing nothing", async () => {
    const id = await createTrainee(t, admin, { lastName: "MARTIN", birthName: "MARTIN" });
    const { ssn: _ssn, ...body } = traineeBody({ lastName: "مارتن", birthName: "MARTIN" });
    const res = await t.app.inject({ method: "PATCH", url: `/api/trainees/${id}`, headers: await t.auth(admin), payload: body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.fields).toEqual([{ path: "body.lastName", message: CIVIL_STATUS_NAME_MESSAGE }]);
    expect(await t.query("select last_name from trainees where id = $1", [id])).toEqual([{ last_name: "MARTIN" }]);
  });

  it("accepts French letters, space, hyphen and both apostrophes, and stores an accent typed apart as one letter", async () => {
    const res = await post(traineeBody({ birthName: "D'ALEMBERT-ŒUVRARD", lastName: "N’DIAYE LEFÈVRE", firstName: "Zoë-Ève" }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ birthName: "D'ALEMBERT-ŒUVRARD", lastName: "N’DIAYE LEFÈVRE", firstName: "Zoë-Ève" });
    const decomposed = await post(traineeBody({ birthName: "E\u0301VRARD", lastName: "E\u0301VRARD" }));
    expect(decomposed.statusCode, decomposed.body).toBe(201);
    expect(decomposed.json().data.birthName).toBe("ÉVRARD");
  });
});

describe("the AGORA import", () => {
  it("refuses a birth name in another script in the lookup", async () => {
    const res = await t.app.inject({ url: `/api/trainees/agora?ssn=2850275123456&birthName=${encodeURIComponent("دوران")}`, headers: await t.auth(admin) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.fields).toEqual([{ path: "querystring.birthName", message: CIVIL_STATUS_NAME_MESSAGE }]);
  });

  describe("a person AGORA answers with a name in another script", () => {
    let server: http.Server;
    let remote: TestApp;
    let remoteAdmin: TestEmployee;
    beforeAll(async () => {
      server = http.createServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ data: { ssn: "1010101010101", birthName: "HADDAD", lastName: "حداد", firstName1: "Karim", birthDate: "1990-01-01" } }));
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      remote = await createTestApp({ agoraUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
      remoteAdmin = await remote.employee("rol_admin", []);
    });
    afterAll(async () => {
      await remote.close();
      await new Promise((resolve) => server.close(resolve));
    });

    it("is not imported: 422 with a French message saying why", async () => {
      const res = await remote.app.inject({ url: "/api/trainees/agora?ssn=1010101010101&birthName=HADDAD", headers: await remote.auth(remoteAdmin) });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(TRAINEE_MSG.agoraNameNotLatin);
    });
  });
});
