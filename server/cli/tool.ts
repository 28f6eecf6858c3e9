/** What the command-line tools share: the checked environment, its database and the logger. */
import { environmentOrExit, type Environment } from "../environment";
import { createLogger } from "../http/logging";

let checked: Environment | undefined;
// The tools (migrate, user:create) use the database and the log only: production mode asks them for DATABASE_URL, not for
// the mail server, the public address or the token key that only the server uses.
const environment = () => (checked ??= environmentOrExit(process.env, ["DATABASE_URL"]));

export const toolLogger = () => createLogger({ logger: environment().LOG_LEVEL !== "silent", logLevel: environment().LOG_LEVEL });

/** DATABASE_URL, required by the tools whatever the mode: they never start the embedded database. */
export function databaseUrlOrExit(): string {
  const url = environment().DATABASE_URL;
  if (url) return url;
  console.error("DATABASE_URL manque : attendu : l'adresse du serveur PostgreSQL (postgres://utilisateur:motdepasse@hôte:5432/base).");
  process.exit(1);
}
