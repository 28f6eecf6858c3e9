/**
 * `npm run user:create -- --email <e-mail> --role <role id> [--organization <id>]… [--first-name …] [--last-name …] [--gender MALE|FEMALE]`:
 * an account on DATABASE_URL, the first one of a production database (no demo data there). The password comes from
 * USER_PASSWORD, else is asked twice on the terminal (not echoed), and follows the rules of a reset. An e-mail already taken is
 * refused. `--email` and `--role` are enough for an administrator; the other roles need their organisations.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { resetPasswordBodySchema } from "../../resources/auth/schema";
import { EMPLOYEE_MSG, employeeSchema } from "../../resources/employees/schema";
import { hashPassword } from "../auth/passwords";
import { connect } from "../db/connection";
import { employees } from "../db/schema/index";
import { emailOwner, existingOrganizations, insertEmployee } from "../repositories/employees";
import { databaseUrlOrExit, toolLogger } from "./tool";

/** Roles that see everything: no organisation needed. */
const UNSCOPED_ROLES = new Set(["rol_sup-admin", "rol_admin"]);

const fail = (lines: string[]): never => {
  for (const line of lines) console.error(line);
  process.exit(1);
};

function readOptions() {
  try {
    return parseArgs({
      options: {
        email: { type: "string" },
        role: { type: "string" },
        organization: { type: "string", multiple: true, default: [] },
        "first-name": { type: "string", default: "Premier" },
        "last-name": { type: "string", default: "ADMINISTRATEUR" },
        gender: { type: "string", default: "MALE" },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fail([`Option invalide : ${(error as Error).message}`, "Usage : npm run user:create -- --email <e-mail> --role <rôle> [--organization <id>]…"]);
  }
}

/** A line typed without echo (the password). */
async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const terminal = createInterface({ input: process.stdin, output, terminal: true });
  const answer = new Promise<string>((resolve) => terminal.question(question, resolve));
  muted = true;
  const typed = await answer;
  terminal.close();
  process.stdout.write("\n");
  return typed;
}

async function passwordOrExit(): Promise<string> {
  const fromEnv = process.env.USER_PASSWORD;
  let password = fromEnv;
  if (!password) {
    if (!process.stdin.isTTY) fail(["USER_PASSWORD manque : sans terminal, le mot de passe vient de cette variable."]);
    password = await askHidden("Mot de passe : ");
    if ((await askHidden("Confirmation : ")) !== password) fail(["Les deux mots de passe ne correspondent pas."]);
  }
  const checked = resetPasswordBodySchema.shape.password.safeParse(password);
  return checked.success ? checked.data : fail([`Mot de passe refusé : ${checked.error.issues[0]?.message}`]);
}

const options = readOptions();
const values = employeeSchema
  .extend({ organizationIds: z.array(z.string()) })
  .safeParse({
    email: options.email ?? "",
    roleId: options.role,
    firstName: options["first-name"],
    lastName: options["last-name"],
    gender: options.gender,
    organizationIds: options.organization,
  });
if (!values.success) {
  const names: Record<string, string> = { email: "--email", roleId: "--role", firstName: "--first-name", lastName: "--last-name", gender: "--gender" };
  fail(values.error.issues.map((issue) => `${names[String(issue.path[0])] ?? String(issue.path[0])} : ${issue.message}`));
}
const employee = values.data!;
if (!UNSCOPED_ROLES.has(employee.roleId) && employee.organizationIds.length === 0) fail([`--organization : ${EMPLOYEE_MSG.atLeastOneOrganization}`]);

const logger = toolLogger();
const { pool, db } = connect(databaseUrlOrExit(), { applicationName: "dossiers-formation-user-create" });
try {
  if (await emailOwner(db, employee.email)) fail([`--email : ${EMPLOYEE_MSG.emailTaken}`]);
  const known = await existingOrganizations(db, employee.organizationIds);
  const unknown = employee.organizationIds.filter((id) => !known.has(id));
  if (unknown.length) fail(unknown.map((id) => `--organization ${id} : ${EMPLOYEE_MSG.unknownOrganization}`));
  const passwordHash = await hashPassword(await passwordOrExit());
  const id = await db.transaction(async (tx) => {
    const created = await insertEmployee(tx, employee);
    await tx.update(employees).set({ passwordHash }).where(eq(employees.id, created));
    return created;
  });
  // The id, not the e-mail: no personal data in the log.
  logger.info({ employeeId: id, roleId: employee.roleId }, "Compte créé.");
} catch (error) {
  // Two runs racing for one e-mail: the unique index answers for the second.
  if (typeof error === "object" && error !== null && "cause" in error && (error.cause as { code?: string })?.code === "23505") {
    fail([`--email : ${EMPLOYEE_MSG.emailTaken}`]);
  }
  logger.fatal({ err: error }, "Création du compte impossible");
  process.exitCode = 1;
} finally {
  await pool.end();
}
