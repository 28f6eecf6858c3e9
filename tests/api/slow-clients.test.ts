/**
 * Slow clients and temporary uploads (issue 23), on a listening server (the HTTP server's own timeouts do not apply to injected
 * requests): a body trickled at 1 byte per 5 s is cut and its partial file removed; headers that never end are cut; one user's
 * waiting uploads are capped in count and bytes (429, 413 in French); no upload starts on a disk without room (507).
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_MSG } from "../../resources/medias/schema";
import { pdfUpload, SMALL_PDF } from "./support/multipart";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let port = 0;
let admin: TestEmployee;

beforeAll(async () => {
  // Short windows so that the test lasts seconds; the rules are the production ones (README: HTTP_REQUEST_TIMEOUT_MS…).
  t = await createTestApp({ http: { headersTimeoutMs: 1_000, bodyWindowMs: 1_000, minBodyBytes: 64 }, uploads: { maxPending: 2, maxPendingBytes: 4_000 } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
  admin = await t.employee("rol_admin", []);
});
afterAll(() => t.close());

const mediaDir = () => path.join(t.config.dataDir, "media");
const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/** A raw connection: what the test writes, when it writes it; resolves `closed` when the server ends it (with what it answered). */
function connection() {
  const socket = net.connect(port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(answer)));
  return { socket, closed };
}

describe("slow clients", () => {
  it("cuts a body trickled at 1 byte per 5 s, and removes its partial upload", async () => {
    const authorization = (await t.auth(admin)).authorization;
    const upload = pdfUpload(Buffer.concat([SMALL_PDF, Buffer.alloc(2_000, 0x41)]));
    const head = upload.payload.subarray(0, upload.payload.indexOf("%PDF-") + 40);
    const { socket, closed } = connection();
    socket.write(
      `POST /api/medias/temporary HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\n` +
        `Content-Type: ${upload.headers["content-type"]}\r\nContent-Length: ${upload.payload.length}\r\n\r\n`,
    );
    socket.write(head);
    // The partial file exists while the body comes…
    await expect.poll(() => filesIn(mediaDir()).some((f) => f.startsWith(".part-")), { timeout: 5_000 }).toBe(true);
    let sent = head.length;
    const trickle = setInterval(() => socket.write(upload.payload.subarray(sent, ++sent)), 5_000);
    try {
      await closed;
    } finally {
      clearInterval(trickle);
    }
    // …and is gone once the connection is cut: no file, no media row.
    await expect.poll(() => filesIn(mediaDir()), { timeout: 5_000 }).toEqual([]);
    expect(await t.query("select id from medias where created_by = $1", [admin.id])).toEqual([]);
  });

  it("cuts a request whose headers never end", async () => {
    const { socket, closed } = connection();
    socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
    const trickle = setInterval(() => socket.write("X-Lent: a\r\n"), 300);
    try {
      expect(await closed).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
    }
  });
});

describe("temporary uploads per user", () => {
  const send = async (as: TestEmployee, content: Buffer) => {
    const upload = pdfUpload(content);
    return t.app.inject({ method: "POST", url: "/api/medias/temporary", payload: upload.payload, headers: { ...upload.headers, ...(await t.auth(as)) } });
  };

  it("caps one user's waiting files (429) and their bytes (413), in French; another user is not concerned", async () => {
    const someone = await t.employee("rol_admin", []);
    expect((await send(someone, SMALL_PDF)).statusCode).toBe(201);
    expect((await send(someone, SMALL_PDF)).statusCode).toBe(201);
    const third = await send(someone, SMALL_PDF);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(MEDIA_MSG.tooManyPending);
    const other = await t.employee("rol_admin", []);
    const big = await send(other, Buffer.concat([SMALL_PDF, Buffer.alloc(4_000, 0x41)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MEDIA_MSG.pendingTooLarge);
    expect((await send(other, SMALL_PDF)).statusCode).toBe(201);
  });

  it("refuses an upload when the disk lacks room (507), before writing anything", async () => {
    const full = await createTestApp({ uploads: { minFreeBytes: Number.MAX_SAFE_INTEGER } });
    try {
      const someone = await full.employee("rol_admin", []);
      const upload = pdfUpload(SMALL_PDF);
      const res = await full.app.inject({
        method: "POST",
        url: "/api/medias/temporary",
        payload: upload.payload,
        headers: { ...upload.headers, ...(await full.auth(someone)) },
      });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ statusCode: 507, error: "Insufficient Storage", message: MEDIA_MSG.diskFull, requestId: expect.any(String) });
      expect(filesIn(path.join(full.config.dataDir, "media"))).toEqual([]);
    } finally {
      await full.close();
    }
  });
});
