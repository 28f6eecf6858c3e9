/** The bench's sign-in: a token for a bench account (password BENCH_PASSWORD), through the app's own route. */
import http from "node:http";
import { send } from "./load";
import { BENCH_PASSWORD } from "./users";

export async function signIn(port: number, email: string): Promise<string> {
  const agent = new http.Agent({ keepAlive: false });
  const answer = await send(agent, { port, method: "POST", path: "/api/auth-sessions", body: { email, password: BENCH_PASSWORD, longTTL: false } });
  if (answer.status !== 201) throw new Error(`Connexion de ${email} refusée (${answer.status}) : lancez d'abord npm run bench:seed`);
  return (JSON.parse(answer.body) as { data: { token: string } }).data.token;
}
