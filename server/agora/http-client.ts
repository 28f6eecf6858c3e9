import { z } from "zod";
import { enumValues } from "../../resources/common/enum";
import { agoraErrorDetails, agoraMessage, type AgoraErrorDetails } from "../../resources/records/agora-errors";
import { RECORD_STATUSES } from "../../resources/records/enums";
import {
  AgoraNoAnswerError,
  agoraPersonSchema,
  agoraTrainingSchema,
  type AgoraCall,
  type AgoraClient,
  type AgoraOutcome,
  type AgoraRecordAccepted,
  type AgoraRecordLookup,
} from "./types";

/** AGORA unreachable (nothing left this machine: connection refused, unknown host): a technical refusal, kept in the history. */
const unavailable = (): { ok: false; error: AgoraErrorDetails } => ({
  ok: false,
  error: { type: "technical", code: 1058, message: agoraMessage(1058) },
});

/** Errors raised before the request could reach AGORA: it certainly changed nothing. Anything else may have reached it. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ERR_INVALID_URL"]);
const causeCode = (error: unknown): string | undefined => {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : undefined;
};

/**
 * Not the protocol's refusal: AGORA busy with this key (409, 423) or with everyone (429). On a retried call (same key) the first
 * may have applied, so the answer is no answer: the exchange stays pending and the look-up by key settles it.
 */
const BUSY_STATUSES = new Set([409, 423, 429]);

const status = z.enum(enumValues(RECORD_STATUSES));
const accepted = z.object({ agoraId: z.string().min(1), status });
const acceptance = z.object({ data: accepted });
const refusal = z.object({ error: agoraErrorDetails });
const lookup = z.object({
  data: z.object({
    answer: z.union([z.object({ ok: z.literal(true), value: accepted }), z.object({ ok: z.literal(false), error: agoraErrorDetails })]).nullable(),
    record: z.object({ agoraId: z.string(), status, closedAt: z.string().nullable() }).nullable(),
  }),
});

/**
 * The adapter used when AGORA_URL is set: same interface, JSON over HTTP. Look-ups: 404 means "not found". Record calls carry
 * their idempotency key (header `Idempotency-Key` and body `idempotencyKey`); 2xx `{data: {agoraId, status}}` is an acceptance,
 * 4xx `{error: {type, code, message}}` a refusal (but 409, 423, 429: AGORA busy), a connection refused a technical refusal
 * (1058: nothing was sent); anything else — timeout, connection cut, 5xx, busy, an answer we cannot read — is no answer
 * (AgoraNoAnswerError), settled by getRecord.
 * `GET records?idempotencyKey=…` (or `records/{agoraId}`) answers `{data: {answer, record}}`, 404 when AGORA knows neither.
 */
export function createAgoraHttpClient(baseUrl: string, fetchImpl: typeof fetch = fetch): AgoraClient {
  const url = (path: string) => new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);

  /** A look-up: its `data` parsed with `schema`; null when not found (404); an error, answered 502 by the route, otherwise. */
  async function get<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T | null> {
    const res = await fetchImpl(url(path), { headers: { accept: "application/json" }, signal });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`Système externe : réponse ${res.status}`);
    const answer = z.object({ data: schema }).safeParse(await res.json().catch(() => undefined));
    if (!answer.success) throw new Error("Système externe : réponse illisible");
    return answer.data.data;
  }

  async function send(method: "POST" | "PATCH", path: string, body: object, call: AgoraCall): Promise<AgoraOutcome<AgoraRecordAccepted>> {
    let res: Response;
    let payload: unknown;
    try {
      res = await fetchImpl(url(path), {
        method,
        headers: { accept: "application/json", "content-type": "application/json", "idempotency-key": call.idempotencyKey },
        body: JSON.stringify({ ...body, idempotencyKey: call.idempotencyKey }),
        signal: call.signal,
      });
      payload = await res.json().catch(() => undefined);
    } catch (error) {
      if (!call.signal?.aborted && NOT_SENT_CODES.has(causeCode(error) ?? "")) return unavailable();
      // Aborted (timeout, stop): the caller's wrapper names it. Otherwise the request may have reached AGORA.
      throw call.signal?.aborted ? error : new AgoraNoAnswerError("La connexion avec AGORA a été coupée avant sa réponse");
    }
    if (res.ok) {
      const answer = acceptance.safeParse(payload);
      if (answer.success) return { ok: true, value: answer.data.data };
    } else if (BUSY_STATUSES.has(res.status)) {
      throw new AgoraNoAnswerError(`AGORA est occupé (réponse ${res.status}) : l'issue sera vérifiée auprès d'AGORA`);
    } else if (res.status >= 400 && res.status < 500) {
      const refused = refusal.safeParse(payload);
      if (refused.success) return { ok: false, error: refused.data.error };
    }
    throw new AgoraNoAnswerError(`AGORA a répondu de façon illisible (réponse ${res.status})`);
  }

  const recordPath = (agoraId: string, action: string) => `records/${encodeURIComponent(agoraId)}/${action}`;

  return {
    findPerson: (ssn, birthName, options) => get(`persons?${new URLSearchParams({ ssn, birthName }).toString()}`, agoraPersonSchema, options?.signal),
    findTraining: (number, actionNumber, options) =>
      get(`trainings/${encodeURIComponent(number)}/${encodeURIComponent(actionNumber)}`, agoraTrainingSchema, options?.signal),
    pushRecord: (file, call) => send("POST", "records", file, call),
    changeRecordStatus: (record, change, call) => send("PATCH", recordPath(record.agoraId, "status"), { record, ...change }, call),
    repushRecord: (record, options, call) => send("PATCH", recordPath(record.agoraId, "reengineering"), { record, ...options }, call),
    async getRecord(ref, options = {}): Promise<AgoraRecordLookup> {
      const path =
        "idempotencyKey" in ref
          ? `records?${new URLSearchParams({ idempotencyKey: ref.idempotencyKey }).toString()}`
          : `records/${encodeURIComponent(ref.agoraId)}`;
      let res: Response;
      let payload: unknown;
      try {
        res = await fetchImpl(url(path), { headers: { accept: "application/json" }, signal: options.signal });
        payload = await res.json().catch(() => undefined);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw new AgoraNoAnswerError("AGORA est injoignable");
      }
      if (res.status === 404) return { answer: null, record: null };
      const found = lookup.safeParse(payload);
      if (!res.ok || !found.success) throw new AgoraNoAnswerError(`AGORA a répondu de façon illisible (réponse ${res.status})`);
      return found.data.data;
    },
  };
}
