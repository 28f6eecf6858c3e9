/**
 * PostgreSQL refusing connections (issue 38): starting up or shutting down (57P03), a database closed to connections (55000
 * « not accepting connections »), too many clients (53300). The API answers 503 with Retry-After, as for any database outage,
 * not 500. A proxy in front of the test's server answers new connections with the refusal, as PostgreSQL does at start-up.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restartApp } from "./support/exchanges";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

const UNAVAILABLE = "Le service est momentanément indisponible. Réessayez dans un instant.";

/** A backend's ErrorResponse message (protocol v3): severity, code, text. */
function errorResponse(code: string, message: string): Buffer {
  const fields = [["S", "FATAL"], ["V", "FATAL"], ["C", code], ["M", message]].map(([key, value]) => Buffer.from(`${key}${value}\0`));
  const body = Buffer.concat([...fields, Buffer.from("\0")]);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

let t: TestApp;
let admin: TestEmployee;
let refusal: Buffer | undefined;
const sockets = new Set<net.Socket>();
let proxy: net.Server;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.employee("rol_admin", []);
  const target = new URL(t.databaseUrl);
  proxy = net.createServer((client) => {
    client.on("error", () => undefined);
    if (refusal) {
      const answer = refusal;
      client.once("data", () => client.end(answer));
      return;
    }
    const server = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
    server.on("error", () => client.destroy());
    client.on("close", () => server.destroy());
    server.on("close", () => client.destroy());
    sockets.add(client);
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const through = new URL(t.databaseUrl);
  through.hostname = "127.0.0.1";
  through.port = String((proxy.address() as net.AddressInfo).port);
  t.config.databaseUrl = through.toString();
  await restartApp(t);
});
afterAll(async () => {
  refusal = undefined;
  await t.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => proxy.close(resolve));
});

describe("PostgreSQL refusing connections", () => {
  it.each([
    ["57P03", "the database system is starting up"],
    ["55000", `database "formation" is not currently accepting connections`],
    ["53300", "sorry, too many clients already"],
  ])("%s (%s): 503 in French with Retry-After, then 200 once it accepts again", async (code, message) => {
    const headers = await t.auth(admin);
    expect((await t.app.inject({ method: "GET", url: "/api/organizations", headers })).statusCode).toBe(200);
    refusal = errorResponse(code, message);
    try {
      // The pool's connections are cut: the next request needs a new one, and is refused.
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const read = await t.app.inject({ method: "GET", url: "/api/organizations", headers });
      const write = await t.app.inject({ method: "POST", url: "/api/organizations", headers, payload: { name: "REFUSÉE" } });
      for (const refused of [read, write]) {
        expect(refused.statusCode, refused.body).toBe(503);
        expect(refused.json().message).toBe(UNAVAILABLE);
        expect(refused.headers["retry-after"]).toBe("5");
      }
    } finally {
      refusal = undefined;
    }
    await expect.poll(async () => (await t.app.inject({ method: "GET", url: "/api/organizations", headers })).statusCode).toBe(200);
  });
});
