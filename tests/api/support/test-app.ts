/**
 * One fresh database and one app per test file:
 *   const t = await createTestApp();  afterAll(() => t.close());
 * `t.seed` creates organisations and employees; `t.tokenFor(employee)` signs in without the login route.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { RoleId } from "../../../resources/permissions";
import { withLuhnKey } from "../../support/sirets";
import { buildApp, type App } from "../../../server/app";
import type { AppConfig } from "../../../server/config";
import { signToken } from "../../../server/auth/tokens";
import { hashPassword } from "../../../server/auth/passwords";
import { newId } from "../../../server/db/ids";
import { employeeOrganizations, employees, organizations } from "../../../server/db/schema/index";

export const TEST_PASSWORD = "Test-Pass-2026!";
let passwordHash: Promise<string> | undefined;

export interface TestEmployee {
  id: string;
  email: string;
  roleId: RoleId;
  organizationIds: string[];
}

export interface TestApp {
  /** Replaced when a test restarts the server on the same database (tests/api/support/exchanges.ts). */
  app: App;
  config: AppConfig;
  databaseUrl: string;
  /** Raw SQL on the file's database, for asserting that a refused call changed nothing. */
  query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  organization(fields?: Partial<typeof organizations.$inferInsert>): Promise<string>;
  employee(roleId: RoleId, organizationIds: string[], fields?: Partial<typeof employees.$inferInsert>): Promise<TestEmployee>;
  tokenFor(employee: { id: string; roleId: RoleId }, ver?: number): Promise<string>;
  /** Authorization header for an employee. */
  auth(employee: { id: string; roleId: RoleId }): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;
/** A random SIRET with its right Luhn key: the data-quality gate refuses a push through an organisation whose SIRET is wrong. */
export const uniqueSiret = () => withLuhnKey(String(1_000_000_000_000 + Math.floor(Math.random() * 8_999_999_999_999)));

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const serverUrl = inject("serverUrl");
  const database = `t_${process.ppid}_${unique()}`.slice(0, 60);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${database}" template "${inject("templateDatabase")}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();

  const config: AppConfig = {
    databaseUrl,
    jwtSecret: new TextEncoder().encode(`test-secret-${unique()}-${randomBytes(16).toString("hex")}`),
    publicUrl: "http://localhost:3000",
    dataDir: path.join(os.tmpdir(), `api-data-${unique()}`),
    closedRecordMonths: 12,
    loginRateLimit: { max: 1000, windowMs: 60_000 },
    // Test files send requests as fast as the machine goes, often as one user: the limit is user-rate-limit.test.ts's business.
    userRateLimit: false,
    logger: false,
    // The overload guard measures this process's event loop: on a machine loaded by parallel test files it would answer 503
    // to tests that are not about overload (tests/api/overload.test.ts turns it on with its own thresholds).
    pressure: { maxEventLoopDelayMs: 0 },
    // No background worker unless a test asks for one (tests/api/exchanges-*.test.ts): jobs run when a test drains them
    // (t.app.queue.drain, t.app.mailer.flush), so that no table changes behind a test's back.
    queue: { autoStart: false },
    ...overrides,
  };
  const app = await buildApp(config);
  await app.ready();

  const t: TestApp = {
    app,
    config,
    databaseUrl,
    async query(text, values) {
      const { rows } = await t.app.pool.query(text, values as unknown[]);
      return rows;
    },
    async organization(fields = {}) {
      const id = newId();
      await t.app.db.insert(organizations).values({ id, name: `ORGANISME ${unique().toUpperCase()}`, siret: uniqueSiret(), ...fields });
      return id;
    },
    async employee(roleId, organizationIds, fields = {}) {
      const id = newId();
      const email = fields.email ?? `${roleId.replace("rol_", "")}.${unique()}@test.fr`;
      await t.app.db.insert(employees).values({
        id,
        firstName: "Test",
        lastName: "EMPLOYÉ",
        gender: "FEMALE",
        roleId,
        passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
        ...fields,
        email,
      });
      if (organizationIds.length) {
        await t.app.db.insert(employeeOrganizations).values(organizationIds.map((organizationId) => ({ employeeId: id, organizationId })));
      }
      return { id, email, roleId, organizationIds };
    },
    tokenFor: (employee, ver = 1) => signToken({ sub: employee.id, role: employee.roleId, ver }, config.jwtSecret, false),
    async auth(employee) {
      return { authorization: `Bearer ${await t.tokenFor(employee)}` };
    },
    async close() {
      await t.app.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${database}" with (force)`);
      await cleanup.end();
    },
  };
  return t;
}
