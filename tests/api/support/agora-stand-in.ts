/**
 * A local AGORA over HTTP for the adapter path (AGORA_URL): the stateful simulator behind the HTTP adapter's protocol
 * (server/agora/http-client.ts), on its own database connections, logging every call it receives. Tests slow its answers
 * (`answerDelayMs`), or act between AGORA's processing and its answer (`beforeAnswer`: cut the product's database connections,
 * lock a row, stop the server…). The simulator's timing fixtures work through it: LENT answers late, MUET never (until the client
 * gives up), COUPURE drops the connection.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createAgoraSimulator } from "../../../server/agora/simulator/index";
import { isAgoraNoAnswer, type AgoraClient } from "../../../server/agora/types";
import { connect } from "../../../server/db/connection";

export interface StandInCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
}

export interface AgoraStandIn {
  url: string;
  /** Every call received, in order. */
  calls: StandInCall[];
  /** Calls that change AGORA (creation, status change, re-push). */
  changes(): StandInCall[];
  /** Added before each answer to a change (after AGORA has processed it). */
  answerDelayMs: number;
  /** Run before each answer to a change, after AGORA has processed it. */
  beforeAnswer?: (call: StandInCall) => Promise<void>;
  /** Answers a call in AGORA's place, before AGORA sees it, when it returns an answer (a busy AGORA: 409, 429…). */
  intercept?: (call: StandInCall, url: URL) => { status: number; body: unknown } | undefined;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startAgoraStandIn(databaseUrl: string, options: { slowAnswerMs?: number } = {}): Promise<AgoraStandIn> {
  const { pool, db } = connect(databaseUrl, { applicationName: "agora-stand-in", statementTimeoutMs: 0 });
  const agora: AgoraClient = createAgoraSimulator(db, { slowAnswerMs: options.slowAnswerMs });
  const sockets = new Set<import("node:net").Socket>();

  async function route(req: http.IncomingMessage, res: http.ServerResponse, call: StandInCall, signal: AbortSignal) {
    const url = new URL(req.url ?? "/", "http://agora");
    const intercepted = standIn.intercept?.(call, url);
    if (intercepted) return json(res, intercepted.status, intercepted.body);
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const change = { idempotencyKey: call.idempotencyKey ?? "", signal };
    if (req.method === "GET" && parts[0] === "records") {
      const key = url.searchParams.get("idempotencyKey");
      const found = await agora.getRecord(key ? { idempotencyKey: key } : { agoraId: parts[1] ?? "" });
      return found.answer || found.record ? json(res, 200, { data: found }) : json(res, 404, {});
    }
    if (req.method === "GET" && parts[0] === "persons") {
      const person = await agora.findPerson(url.searchParams.get("ssn") ?? "", url.searchParams.get("birthName") ?? "");
      return person ? json(res, 200, { data: person }) : json(res, 404, {});
    }
    if (req.method === "GET" && parts[0] === "trainings") {
      const training = await agora.findTraining(parts[1] ?? "", parts[2] ?? "");
      return training ? json(res, 200, { data: training }) : json(res, 404, {});
    }
    const body = await readBody(req);
    const record = body.record as Parameters<AgoraClient["changeRecordStatus"]>[0];
    const reason = (body.reason ?? null) as Parameters<AgoraClient["repushRecord"]>[1]["reason"];
    let outcome;
    if (req.method === "POST" && parts[0] === "records") {
      outcome = await agora.pushRecord(body as unknown as Parameters<AgoraClient["pushRecord"]>[0], change);
    } else if (req.method === "PATCH" && parts[2] === "status") {
      outcome = await agora.changeRecordStatus(record, { status: body.status as typeof record.status, reason }, change);
    } else if (req.method === "PATCH" && parts[2] === "reengineering") {
      outcome = await agora.repushRecord(record, { reason }, change);
    } else {
      return json(res, 404, {});
    }
    await standIn.beforeAnswer?.(call);
    if (standIn.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.answerDelayMs));
    return outcome.ok ? json(res, 200, { data: outcome.value }) : json(res, 422, { error: outcome.error });
  }

  const server = http.createServer((req, res) => {
    const key = req.headers["idempotency-key"];
    const call: StandInCall = { method: req.method ?? "", path: (req.url ?? "").split("?")[0]!, idempotencyKey: typeof key === "string" ? key : null };
    standIn.calls.push(call);
    const gone = new AbortController();
    res.on("close", () => gone.abort());
    route(req, res, call, gone.signal).catch((error: unknown) => {
      // COUPURE (the simulator recorded the call, then the connection drops), or the client gave up (MUET): no answer.
      if (isAgoraNoAnswer(error) || gone.signal.aborted) req.socket.destroy();
      else json(res, 500, { message: String(error) });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  const standIn: AgoraStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    calls: [],
    changes: () => standIn.calls.filter((c) => c.method !== "GET"),
    answerDelayMs: 0,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
  return standIn;
}
