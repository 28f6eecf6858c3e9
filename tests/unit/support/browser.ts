/**
 * The two browser APIs the providers use, for unit tests in Node: localStorage (in memory) and fetch (scripted).
 * Faking fetch is fine here: these tests check the HTTP client, the API is tested for real in tests/api.
 */
import { vi } from "vitest";

export function installLocalStorage(): Map<string, string> {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
  vi.stubGlobal("localStorage", storage);
  return items;
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Answers every call with `answer(call)` ({status, body}) and records the calls. */
export function installFetch(answer: (call: FetchCall) => { status: number; body?: unknown }): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: FetchCall = {
        url,
        method: init.method ?? "GET",
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const { status, body } = answer(call);
      return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

/** A JWT-shaped token (unsigned: the client only reads `exp`). */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}.signature`;
}
