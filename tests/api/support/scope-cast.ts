/**
 * The cast of the scope-copy tests (sessions-scope-triggers, records-trainees-scope-triggers): named organisations, an admin, and
 * one employee per (key, role, organisation); and a training PATCH that changes some of its information, as the admin.
 */
import { expect } from "vitest";
import type { RoleId } from "../../../resources/permissions";
import type { TrainingBodyInput } from "../../../resources/trainings/schema";
import type { TestApp, TestEmployee } from "./test-app";

export async function scopeCast<O extends string, K extends string>(
  t: TestApp,
  organizationNames: Record<O, string>,
  staff: [K, RoleId, O][],
): Promise<{ admin: TestEmployee; org: Record<O, string>; staff: Record<K, TestEmployee> }> {
  const org = {} as Record<O, string>;
  for (const [key, name] of Object.entries(organizationNames) as [O, string][]) org[key] = await t.organization({ name });
  const admin = await t.employee("rol_admin", []);
  const employees = {} as Record<K, TestEmployee>;
  for (const [key, role, organization] of staff) employees[key] = await t.employee(role, [org[organization]]);
  return { admin, org, staff: employees };
}

/** PATCHes the training with its creation body, `information` changed; expects 200. */
export async function patchTrainingInformation(
  t: TestApp,
  as: TestEmployee,
  training: { trainingId: string; body: TrainingBodyInput },
  information: Partial<TrainingBodyInput["information"]>,
) {
  const { trainingId, body } = training;
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/trainings/${trainingId}`,
    headers: await t.auth(as),
    payload: { ...body, information: { ...body.information, ...information } },
  });
  expect(res.statusCode, res.body).toBe(200);
}
