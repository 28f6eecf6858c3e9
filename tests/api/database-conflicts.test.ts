import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPLOYEE_MSG } from "../../resources/employees/schema";
import { ORGANIZATION_MSG } from "../../resources/organizations/schema";
import type { Training, TrainingBodyInput } from "../../resources/trainings/schema";
import { VALIDATION_MESSAGE } from "../../server/http/errors";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { trainingBody } from "./support/trainings";

let t: TestApp;
let admin: TestEmployee;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.employee("rol_admin", [await t.organization()]);
});
afterAll(() => t.close());

const FRENCH_ANSWERS = new Set<string>([
  VALIDATION_MESSAGE,
  EMPLOYEE_MSG.unknownOrganization,
  ORGANIZATION_MSG.hasEmployees(1),
  ORGANIZATION_MSG.stillReferenced,
  "Cette opération est impossible : un élément lié a été modifié ou supprimé entre-temps.",
  "Cette opération est entrée en conflit avec une autre modification. Réessayez.",
]);

describe("concurrent writes answer 4xx in French, never 500", () => {
  it("deleting an organisation while an employee is created in it (30 races)", async () => {
    const headers = await t.auth(admin);
    for (let i = 0; i < 30; i++) {
      const organizationId = await t.organization();
      const [deleted, created] = await Promise.all([
        t.app.inject({ method: "DELETE", url: `/api/organizations/${organizationId}`, headers }),
        t.app.inject({
          method: "POST",
          url: "/api/employees",
          headers,
          payload: { firstName: "Course", lastName: "Critique", email: `course.${i}@test.fr`, phoneNumber: "", gender: "MALE", roleId: "rol_gest-of", organizationIds: [organizationId] },
        }),
      ]);
      for (const res of [deleted, created]) {
        expect([201, 204, 400, 404, 409], res.body).toContain(res.statusCode);
        if (res.statusCode >= 400) expect(FRENCH_ANSWERS, res.body).toContain(res.json().message);
      }
      // Exactly one of them won: the employee exists with the organisation, or the organisation is gone and no employee was made.
      const [row] = await t.query<{ org: number; emp: number }>(
        "select (select count(*)::int from organizations where id = $1) as org, (select count(*)::int from employees where email = $2) as emp",
        [organizationId, `course.${i}@test.fr`],
      );
      if (created.statusCode === 201) expect([deleted.statusCode, row]).toEqual([409, { org: 1, emp: 1 }]);
      else expect([deleted.statusCode, row]).toEqual([204, { org: 0, emp: 0 }]);
    }
    // Employees left without any organisation would betray a half-done write.
    expect(await t.query("select id from employees e where not exists (select 1 from employee_organizations eo where eo.employee_id = e.id)")).toEqual([]);
  });
});

describe("a duplicate funder", () => {
  it("answers 409 'Ce financeur est déjà associé à cette formation' and changes nothing", async () => {
    const headers = await t.auth(admin);
    const organizations = { educational: await t.organization(), contracting: await t.organization() };
    const payload = trainingBody(organizations);
    const created = await t.app.inject({ method: "POST", url: "/api/trainings", headers, payload });
    expect(created.statusCode, created.body).toBe(201);
    const training = created.json().data as Training;
    const funder = training.funders[0]!;
    const before = await t.query("select * from training_funders where training_id = $1 order by position", [training.id]);

    const twice = [funder, { ...funder, estimatedAmountCoveredTaxFree: 5 }] as TrainingBodyInput["funders"];
    const res = await t.app.inject({ method: "PATCH", url: `/api/trainings/${training.id}`, headers, payload: { ...payload, funders: twice } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Ce financeur est déjà associé à cette formation");
    expect(await t.query("select * from training_funders where training_id = $1 order by position", [training.id])).toEqual(before);
  });
});
