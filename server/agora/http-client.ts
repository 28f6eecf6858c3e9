import { z } from "zod";
import { enumValues } from "../../resources/common/enum";
import { agoraErrorDetails, agoraMessage, type AgoraErrorDetails } from "../../resources/records/agora-errors";
import { RECORD_STATUSES } from "../../resources/records/enums";
import { agoraPersonSchema, agoraTrainingSchema, type AgoraClient, type AgoraOutcome, type AgoraRecordAccepted } from "./types";

/** AGORA unreachable or failing (network, 5xx, an answer we cannot read): a technical refusal, kept in the record's history. */
const unavailable = (): { ok: false; error: AgoraErrorDetails } => ({
  ok: false,
  error: { type: "technical", code: 1058, message: agoraMessage(1058) },
});

const acceptance = z.object({ data: z.object({ agoraId: z.string().min(1), status: z.enum(enumValues(RECORD_STATUSES)) }) });
const refusal = z.object({ error: agoraErrorDetails });

/**
 * The adapter used when AGORA_URL is set: same interface, JSON over HTTP. Look-ups: 404 means "not found". Record calls: 2xx
 * `{data: {agoraId, status}}` is an acceptance, 4xx `{error: {type, code, message}}` a refusal, anything else "unavailable".
 */
export function createAgoraHttpClient(baseUrl: string, fetchImpl: typeof fetch = fetch): AgoraClient {
  const url = (path: string) => new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);

  /** A look-up: its `data` parsed with `schema`; null when not found (404); an error, answered 502 by the route, otherwise. */
  async function get<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    const res = await fetchImpl(url(path), { headers: { accept: "application/json" } });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`Système externe : réponse ${res.status}`);
    const answer = z.object({ data: schema }).safeParse(await res.json().catch(() => undefined));
    if (!answer.success) throw new Error("Système externe : réponse illisible");
    return answer.data.data;
  }

  async function send(method: "POST" | "PATCH", path: string, body: object): Promise<AgoraOutcome<AgoraRecordAccepted>> {
    let res: Response;
    try {
      res = await fetchImpl(url(path), {
        method,
        headers: { accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch {
      return unavailable();
    }
    const payload: unknown = await res.json().catch(() => undefined);
    if (res.ok) {
      const answer = acceptance.safeParse(payload);
      return answer.success ? { ok: true, value: answer.data.data } : unavailable();
    }
    const refused = res.status >= 400 && res.status < 500 ? refusal.safeParse(payload) : undefined;
    return refused?.success ? { ok: false, error: refused.data.error } : unavailable();
  }

  const recordPath = (agoraId: string, action: string) => `records/${encodeURIComponent(agoraId)}/${action}`;

  return {
    findPerson: (ssn, birthName) =>
      get(`persons?${new URLSearchParams({ ssn, birthName }).toString()}`, agoraPersonSchema),
    findTraining: (number, actionNumber) =>
      get(`trainings/${encodeURIComponent(number)}/${encodeURIComponent(actionNumber)}`, agoraTrainingSchema),
    pushRecord: (file) => send("POST", "records", file),
    changeRecordStatus: (record, change) => send("PATCH", recordPath(record.agoraId, "status"), { record, ...change }),
    repushRecord: (record, options) => send("PATCH", recordPath(record.agoraId, "reengineering"), { record, ...options }),
  };
}
