/**
 * The server's environment variables: one zod schema, checked before anything starts (server/main.ts and the command-line
 * tools). A bad value stops the process with one French line per problem: the variable, its value (masked for secrets) and
 * what is expected. A new variable is one entry in VARIABLES (its schema and what it expects), plus its line in the README.
 *
 * Production mode (NODE_ENV or APP_ENV = production) requires DATABASE_URL, JWT_SECRET, PUBLIC_URL and SMTP_URL: no embedded
 * database, no demo accounts, no generated key that another instance would not share, no reset link written to the log.
 */
import net from "node:net";
import { z } from "zod";
import { parseUserRateLimit } from "./auth/user-rate-limit";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A whole number within bounds, written in decimal digits ("cent", "12.5", " " are refused). */
const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const url = (protocols: readonly string[]) =>
  z.string().refine((text) => {
    try {
      const parsed = new URL(text);
      return protocols.includes(parsed.protocol) && parsed.hostname !== "";
    } catch {
      return false;
    }
  });

const flag = z.enum(["0", "1"]);
const text = z.string().min(1);

/** TRUST_PROXY: addresses, CIDR subnets or proxy-addr's named ranges, comma-separated. */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyEntry = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

interface Variable {
  schema: z.ZodType<unknown, string>;
  /** What a valid value is, in French, after « attendu : ». */
  expected: string;
  /** Its value never appears in a message (it may carry a password). */
  secret?: true;
}

const VARIABLES = {
  NODE_ENV: { schema: text, expected: "un nom d'environnement (production pour le mode production)" },
  APP_ENV: { schema: text, expected: "un nom d'environnement (production pour le mode production)" },
  PORT: { schema: integer(1, 65_535), expected: "un numéro de port entre 1 et 65535" },
  HOST: { schema: text, expected: "une adresse d'écoute (127.0.0.1, 0.0.0.0, un nom d'hôte)" },
  DATA_DIR: { schema: text, expected: "un dossier" },
  STATIC_DIR: { schema: text, expected: "le dossier de l'application construite" },
  DATABASE_URL: {
    schema: url(["postgres:", "postgresql:"]),
    expected: "l'adresse d'un serveur PostgreSQL (postgres://utilisateur:motdepasse@hôte:5432/base)",
    secret: true,
  },
  DEMO_DATA: { schema: flag, expected: "0 ou 1" },
  PUBLIC_URL: { schema: url(["http:", "https:"]), expected: "une adresse http:// ou https:// (ex. https://formation.exemple.fr)" },
  SMTP_URL: { schema: url(["smtp:", "smtps:"]), expected: "une adresse smtp:// ou smtps:// (ex. smtp://utilisateur:motdepasse@smtp.exemple.fr:587)", secret: true },
  JWT_SECRET: {
    schema: z.string().refine((value) => Buffer.byteLength(value, "utf8") >= 32),
    expected: "une clé d'au moins 32 octets (ex. openssl rand -base64 48)",
    secret: true,
  },
  AGORA_URL: { schema: url(["http:", "https:"]), expected: "une adresse http:// ou https://" },
  CLOSED_RECORD_MONTHS: { schema: integer(1, 600), expected: "un nombre entier de mois entre 1 et 600" },
  LOGIN_RATE_LIMIT: { schema: integer(1, 1_000_000), expected: "un nombre entier d'échecs entre 1 et 1000000" },
  USER_RATE_LIMIT: {
    schema: z.string().refine((text) => parseUserRateLimit(text) !== undefined),
    expected: "<requêtes par seconde>/<rafale> (ex. 20/60 ; rafale au moins égale au débit, 1000000 au plus) ou 0 (sans limite)",
  },
  LOG_LEVEL: { schema: z.enum(LOG_LEVELS), expected: `un niveau parmi ${LOG_LEVELS.join(", ")}` },
  DB_STATEMENT_TIMEOUT_MS: { schema: integer(1, 86_400_000), expected: "une durée en millisecondes, entier entre 1 et 86400000" },
  MAX_EVENT_LOOP_DELAY_MS: { schema: integer(0, 60_000), expected: "une durée en millisecondes, entier entre 0 (désactivé) et 60000" },
  TRUST_PROXY: {
    schema: z.string().refine((value) => value.split(",").every((entry) => isProxyEntry(entry.trim()))),
    expected: "des adresses IP ou sous-réseaux (10.0.0.0/8) séparés par des virgules",
  },
  MEDIA_STORAGE: { schema: z.enum(["disk", "s3"]), expected: "disk ou s3" },
  MEDIA_PURGE_INTERVAL_MS: { schema: integer(0, 86_400_000), expected: "une durée en millisecondes, entier entre 0 (jamais) et 86400000" },
  S3_BUCKET: { schema: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/), expected: "un nom de compartiment S3 (3 à 63 minuscules, chiffres, points, tirets)" },
  S3_ENDPOINT: { schema: url(["http:", "https:"]), expected: "l'adresse http:// ou https:// du service compatible S3" },
  S3_REGION: { schema: z.string().regex(/^[a-z0-9-]{1,64}$/), expected: "un nom de région (ex. fr-par, eu-west-3)" },
  S3_ACCESS_KEY_ID: { schema: text, expected: "l'identifiant de la clé d'accès" },
  S3_SECRET_ACCESS_KEY: { schema: text, expected: "la clé d'accès secrète", secret: true },
  METRICS_PORT: { schema: integer(1, 65_535), expected: "un numéro de port entre 1 et 65535, différent de PORT" },
  SHUTDOWN_DRAIN_MS: { schema: integer(0, 120_000), expected: "une durée en millisecondes, entier entre 0 et 120000" },
  AGORA_TIMEOUT_MS: { schema: integer(100, 120_000), expected: "une durée en millisecondes, entier entre 100 et 120000" },
  STOP_GRACE_MS: { schema: integer(0, 120_000), expected: "une durée en millisecondes, entier entre 0 et 120000" },
  SMTP_TIMEOUT_MS: { schema: integer(100, 120_000), expected: "une durée en millisecondes, entier entre 100 et 120000" },
  SMTP_SESSION_MS: { schema: integer(1_000, 240_000), expected: "une durée en millisecondes, entier entre 1000 et 240000" },
  HTTP_REQUEST_TIMEOUT_MS: { schema: integer(1_000, 3_600_000), expected: "une durée en millisecondes, entier entre 1000 et 3600000" },
  QUEUE_KEEP_FAILED_DAYS: { schema: integer(1, 3_650), expected: "un nombre entier de jours entre 1 et 3650" },
} satisfies Record<string, Variable>;

type Variables = typeof VARIABLES;
export type VariableName = keyof Variables;

/** The environment once checked: each variable parsed (numbers as numbers), absent when unset or empty. */
export type Environment = { [K in VariableName]?: z.output<Variables[K]["schema"]> } & { production: boolean };

/** The variables production mode cannot do without, and why. */
const REQUIRED_IN_PRODUCTION: Partial<Record<VariableName, string>> = {
  DATABASE_URL: "la base embarquée n'est pas utilisée en production",
  JWT_SECRET: "toutes les instances doivent signer les jetons avec la même clé",
  PUBLIC_URL: "les liens envoyés par e-mail en dépendent",
  SMTP_URL: "sans serveur d'envoi, les liens de réinitialisation finiraient dans le journal",
};

export const isProductionMode = (env: NodeJS.ProcessEnv) => env.NODE_ENV === "production" || env.APP_ENV === "production";

function shown(name: VariableName, value: string): string {
  if ((VARIABLES[name] as Variable).secret) return "(valeur masquée)";
  return `« ${value.length > 80 ? `${value.slice(0, 80)}…` : value} »`;
}

export type EnvironmentCheck = { ok: true; environment: Environment } | { ok: false; problems: string[] };

/**
 * Checks every variable at once: all the problems are reported together, one line each, in the order of VARIABLES.
 * `needed`: the production-only requirements that apply (the server's, all of them, by default); a command-line tool names
 * only those it uses, so that an operator is not asked for a mail server to create an account.
 */
export function checkEnvironment(env: NodeJS.ProcessEnv, needed: readonly VariableName[] = Object.keys(REQUIRED_IN_PRODUCTION) as VariableName[]): EnvironmentCheck {
  const production = isProductionMode(env);
  const problems: string[] = [];
  const parsed: Record<string, unknown> = {};
  const invalid = new Set<string>();
  for (const name of Object.keys(VARIABLES) as VariableName[]) {
    const variable: Variable = VARIABLES[name];
    const raw = env[name];
    if (raw === undefined || raw === "") {
      const why = production && needed.includes(name) ? REQUIRED_IN_PRODUCTION[name] : undefined;
      if (why) problems.push(`${name} manque : obligatoire en production (${why}) ; attendu : ${variable.expected}.`);
      continue;
    }
    const result = variable.schema.safeParse(raw.trim());
    if (result.success) parsed[name] = result.data;
    else {
      invalid.add(name);
      problems.push(`${name} vaut ${shown(name, raw)} ; attendu : ${variable.expected}.`);
    }
  }
  problems.push(...crossChecks(parsed as Environment, production, invalid));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, environment: { ...(parsed as Environment), production } };
}

/** Rules between variables, once each is valid on its own (an invalid one has its line already). */
function crossChecks(env: Environment, production: boolean, invalid: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if (production && env.DEMO_DATA === "1") {
    problems.push("DEMO_DATA vaut « 1 » ; attendu : 0 ou rien en production (les comptes de démonstration ont un mot de passe public).");
  }
  if (env.MEDIA_STORAGE === "s3" && !env.S3_BUCKET && !invalid.has("S3_BUCKET")) {
    problems.push(`S3_BUCKET manque : obligatoire avec MEDIA_STORAGE=s3 ; attendu : ${VARIABLES.S3_BUCKET.expected}.`);
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY) && !invalid.has("S3_ACCESS_KEY_ID") && !invalid.has("S3_SECRET_ACCESS_KEY")) {
    const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    problems.push(`${missing} manque : S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble ; attendu : ${VARIABLES[missing].expected}.`);
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === (env.PORT ?? 3000)) {
    problems.push(`METRICS_PORT vaut « ${env.METRICS_PORT} » ; attendu : ${VARIABLES.METRICS_PORT.expected}.`);
  }
  return problems;
}

/** For the entry points: the checked environment, or the problems on standard error and exit code 1 at once. */
export function environmentOrExit(env: NodeJS.ProcessEnv = process.env, needed?: readonly VariableName[]): Environment {
  const check = checkEnvironment(env, needed);
  if (check.ok) return check.environment;
  console.error(`Configuration invalide (${check.problems.length} problème${check.problems.length > 1 ? "s" : ""}) :`);
  for (const problem of check.problems) console.error(`  ${problem}`);
  process.exit(1);
}
