import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", sequence: { groupOrder: 0 } },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/support/global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // expect.poll waits for a condition (a write under way, a job run): 1 s by default is short on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
          // Each file gets its own database; two workers keep the two cores busy without thrashing.
          maxWorkers: 2,
          // Vitest runs projects with different worker counts as separate groups: unit first, then api.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
