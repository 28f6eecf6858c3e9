import { defineConfig } from "vitest/config";

/**
 * `npm run test:cluster` (and a step of `npm test`): the compiled server as production runs it, two instances behind HAProxy on
 * one PostgreSQL server, and the production build from a fresh clone. Apart from the default projects: it needs HAProxy and
 * takes minutes; `npx vitest run` stays the unit and API tests.
 */
export default defineConfig({
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/cluster/support/global-setup.ts"],
    // One file at a time: each starts processes that want the two cores.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
});
