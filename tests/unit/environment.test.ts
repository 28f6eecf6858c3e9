import { describe, expect, it } from "vitest";
import { checkEnvironment } from "../../server/environment";

const problemsOf = (env: NodeJS.ProcessEnv) => {
  const check = checkEnvironment(env);
  return check.ok ? [] : check.problems;
};

const PRODUCTION = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://app:motdepasse@db.interne:5432/formation",
  JWT_SECRET: "k".repeat(32),
  PUBLIC_URL: "https://formation.exemple.fr",
  SMTP_URL: "smtp://envoi:motdepasse@smtp.exemple.fr:587",
};

describe("environment: each bad value stops the start with its French line", () => {
  // The values found to slip through before (issue 24), each refused with what is expected.
  const cases: [string, string, string][] = [
    ["LOGIN_RATE_LIMIT", "cent", "LOGIN_RATE_LIMIT vaut « cent » ; attendu : un nombre entier d'échecs entre 1 et 1000000."],
    ["DB_STATEMENT_TIMEOUT_MS", "-5", "DB_STATEMENT_TIMEOUT_MS vaut « -5 » ; attendu : une durée en millisecondes, entier entre 1 et 86400000."],
    ["MAX_EVENT_LOOP_DELAY_MS", "x", "MAX_EVENT_LOOP_DELAY_MS vaut « x » ; attendu : une durée en millisecondes, entier entre 0 (désactivé) et 60000."],
    ["CLOSED_RECORD_MONTHS", "douze", "CLOSED_RECORD_MONTHS vaut « douze » ; attendu : un nombre entier de mois entre 1 et 600."],
    ["PORT", "abc", "PORT vaut « abc » ; attendu : un numéro de port entre 1 et 65535."],
    ["PUBLIC_URL", "formation.exemple.fr", "PUBLIC_URL vaut « formation.exemple.fr » ; attendu : une adresse http:// ou https:// (ex. https://formation.exemple.fr)."],
    ["LOG_LEVEL", "bavard", "LOG_LEVEL vaut « bavard » ; attendu : un niveau parmi fatal, error, warn, info, debug, trace, silent."],
    ["DEMO_DATA", "oui", "DEMO_DATA vaut « oui » ; attendu : 0 ou 1."],
    ["TRUST_PROXY", "10.0.0.0/33", "TRUST_PROXY vaut « 10.0.0.0/33 » ; attendu : des adresses IP ou sous-réseaux (10.0.0.0/8) séparés par des virgules."],
    ["MEDIA_STORAGE", "nfs", "MEDIA_STORAGE vaut « nfs » ; attendu : disk ou s3."],
    ["METRICS_PORT", "70000", "METRICS_PORT vaut « 70000 » ; attendu : un numéro de port entre 1 et 65535, différent de PORT."],
    ["SHUTDOWN_DRAIN_MS", "5s", "SHUTDOWN_DRAIN_MS vaut « 5s » ; attendu : une durée en millisecondes, entier entre 0 et 120000."],
    ["AGORA_URL", "ftp://agora", "AGORA_URL vaut « ftp://agora » ; attendu : une adresse http:// ou https://."],
  ];
  for (const [name, value, line] of cases) {
    it(`${name}=${value}`, () => {
      expect(problemsOf({ [name]: value })).toEqual([line]);
    });
  }

  it("never shows a secret's value: DATABASE_URL, SMTP_URL, JWT_SECRET", () => {
    const problems = problemsOf({ DATABASE_URL: "mysql://root:s3cret@x/y", SMTP_URL: "http://u:s3cret@x", JWT_SECRET: "court-s3cret" });
    expect(problems).toEqual([
      "DATABASE_URL vaut (valeur masquée) ; attendu : l'adresse d'un serveur PostgreSQL (postgres://utilisateur:motdepasse@hôte:5432/base).",
      "SMTP_URL vaut (valeur masquée) ; attendu : une adresse smtp:// ou smtps:// (ex. smtp://utilisateur:motdepasse@smtp.exemple.fr:587).",
      "JWT_SECRET vaut (valeur masquée) ; attendu : une clé d'au moins 32 octets (ex. openssl rand -base64 48).",
    ]);
    expect(problems.join("\n")).not.toContain("s3cret");
  });

  it("reports every problem at once, one line each", () => {
    expect(problemsOf({ PORT: "abc", LOGIN_RATE_LIMIT: "cent", CLOSED_RECORD_MONTHS: "douze" })).toHaveLength(3);
  });

  it("parses valid values into numbers and keeps unset ones absent", () => {
    const check = checkEnvironment({ PORT: "8080", LOGIN_RATE_LIMIT: "50", MAX_EVENT_LOOP_DELAY_MS: "0", TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,loopback", HOST: "" });
    expect(check).toEqual({
      ok: true,
      environment: { PORT: 8080, LOGIN_RATE_LIMIT: 50, MAX_EVENT_LOOP_DELAY_MS: 0, TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,loopback", production: false },
    });
  });

  it("S3 storage needs its bucket, and a key id goes with its secret", () => {
    expect(problemsOf({ MEDIA_STORAGE: "s3" })).toEqual([
      "S3_BUCKET manque : obligatoire avec MEDIA_STORAGE=s3 ; attendu : un nom de compartiment S3 (3 à 63 minuscules, chiffres, points, tirets).",
    ]);
    expect(problemsOf({ MEDIA_STORAGE: "s3", S3_BUCKET: "medias", S3_ACCESS_KEY_ID: "id" })).toEqual([
      "S3_SECRET_ACCESS_KEY manque : S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble ; attendu : la clé d'accès secrète.",
    ]);
    expect(problemsOf({ MEDIA_STORAGE: "s3", S3_BUCKET: "Mes_Medias" })).toEqual([
      "S3_BUCKET vaut « Mes_Medias » ; attendu : un nom de compartiment S3 (3 à 63 minuscules, chiffres, points, tirets).",
    ]);
  });

  it("the metrics port must differ from the API's", () => {
    expect(problemsOf({ PORT: "3000", METRICS_PORT: "3000" })).toHaveLength(1);
    expect(problemsOf({ METRICS_PORT: "3000" })).toHaveLength(1);
    expect(problemsOf({ METRICS_PORT: "9464" })).toEqual([]);
  });
});

describe("production mode (NODE_ENV or APP_ENV = production)", () => {
  it("requires DATABASE_URL, JWT_SECRET, PUBLIC_URL and SMTP_URL, saying why", () => {
    for (const mode of [{ NODE_ENV: "production" }, { APP_ENV: "production" }]) {
      expect(problemsOf(mode)).toEqual([
        "DATABASE_URL manque : obligatoire en production (la base embarquée n'est pas utilisée en production) ; attendu : l'adresse d'un serveur PostgreSQL (postgres://utilisateur:motdepasse@hôte:5432/base).",
        "PUBLIC_URL manque : obligatoire en production (les liens envoyés par e-mail en dépendent) ; attendu : une adresse http:// ou https:// (ex. https://formation.exemple.fr).",
        "SMTP_URL manque : obligatoire en production (sans serveur d'envoi, les liens de réinitialisation finiraient dans le journal) ; attendu : une adresse smtp:// ou smtps:// (ex. smtp://utilisateur:motdepasse@smtp.exemple.fr:587).",
        "JWT_SECRET manque : obligatoire en production (toutes les instances doivent signer les jetons avec la même clé) ; attendu : une clé d'au moins 32 octets (ex. openssl rand -base64 48).",
      ]);
    }
  });

  it("accepts its four variables, and refuses a JWT_SECRET under 32 bytes", () => {
    expect(checkEnvironment(PRODUCTION)).toMatchObject({ ok: true, environment: { production: true } });
    expect(problemsOf({ ...PRODUCTION, JWT_SECRET: "k".repeat(31) })).toEqual([
      "JWT_SECRET vaut (valeur masquée) ; attendu : une clé d'au moins 32 octets (ex. openssl rand -base64 48).",
    ]);
    // Bytes, not characters: 16 accented letters are 32 bytes.
    expect(problemsOf({ ...PRODUCTION, JWT_SECRET: "é".repeat(16) })).toEqual([]);
  });

  it("refuses the demo data (public password)", () => {
    expect(problemsOf({ ...PRODUCTION, DEMO_DATA: "1" })).toEqual([
      "DEMO_DATA vaut « 1 » ; attendu : 0 ou rien en production (les comptes de démonstration ont un mot de passe public).",
    ]);
    expect(problemsOf({ ...PRODUCTION, DEMO_DATA: "0" })).toEqual([]);
  });

  it("outside production, nothing is required (the README's npm start)", () => {
    expect(checkEnvironment({})).toEqual({ ok: true, environment: { production: false } });
  });
});
