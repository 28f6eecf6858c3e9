/** Building and starting the app emits no process warning (deprecations such as FSTDEP022 for router options). */
import { afterAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp | undefined;
afterAll(() => t?.close());

it("builds and readies the app without any process warning", async () => {
  const warnings: string[] = [];
  const record = (warning: Error & { code?: string }) => warnings.push(`${warning.code ?? warning.name}: ${warning.message}`);
  process.on("warning", record);
  try {
    t = await createTestApp(); // buildApp + ready
    // Warnings are emitted on the next tick: let them arrive before looking.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("warning", record);
  }
  expect(warnings).toEqual([]);
});
