/**
 * The end-to-end tests' `test`: Playwright's, with a sign-in per role and the records a test makes for itself through the
 * API. Specs import `test` and `expect` from here:
 *
 *   test("…", async ({ page, signIn, api }) => {
 *     const trainee = await api.createTrainee();
 *     await signIn("rol_gest-of", "/trainees");
 *     await search(page, trainee.lastName);
 *   });
 */
import { test as base } from "@playwright/test";
import type { RoleId } from "../../../resources/permissions";
import { apiRecords, type ApiRecords } from "./api-records";
import { loginAs } from "./auth";

export interface E2EFixtures {
  /** Signs `page` in as the demo account of `role` (the token stored as the app stores it) and, when given, opens `path`. */
  signIn: (role: RoleId, path?: string) => Promise<void>;
  /** Fresh records made by an administrator through the API, and reads of what the API holds. */
  api: ApiRecords;
}

export const test = base.extend<E2EFixtures>({
  signIn: async ({ page }, use) => {
    await use((role, path) => loginAs(page, role, path));
  },
  api: async ({ request }, use) => {
    await use(apiRecords(request));
  },
});

export { expect } from "@playwright/test";
