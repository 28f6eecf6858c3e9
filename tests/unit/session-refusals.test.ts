/**
 * One way to the API (providers/data-provider.ts): a 401 to a signed-in call — through Refine's data provider, a page's own
 * look-up, a download or an upload — is reported once to the layout, which signs out (src/layout/use-session-refusals.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiFetch, apiRequest, apiUpload, dataProvider, SESSION_REFUSED, sessionRefusals, TOKEN_KEY } from "../../providers/data-provider";
import { fetchPdf } from "../../src/components/open-pdf";
import { installFetch, installLocalStorage } from "./support/browser";

let refusals = 0;
const count = () => (refusals += 1);
beforeEach(() => {
  installLocalStorage().set(TOKEN_KEY, "abc.def.ghi");
  refusals = 0;
  sessionRefusals.addEventListener(SESSION_REFUSED, count);
});
afterEach(() => {
  sessionRefusals.removeEventListener(SESSION_REFUSED, count);
  vi.unstubAllGlobals();
});

/** XMLHttpRequest as apiUpload uses it, answering `status`. */
function installXhr(status: number) {
  vi.stubGlobal(
    "XMLHttpRequest",
    class {
      status = 0;
      responseText = "";
      upload = { onprogress: null };
      headers: Record<string, string> = {};
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send() {
        this.status = status;
        this.responseText = JSON.stringify({ statusCode: status, error: "x", message: "Authentification requise" });
        queueMicrotask(() => this.onload?.());
      }
    },
  );
}

describe("a 401 answer", () => {
  it("to a list, a look-up, a download or an upload: one refusal each", async () => {
    installFetch(() => ({ status: 401, body: { statusCode: 401, error: "Unauthorized", message: "Authentification requise" } }));
    await expect(dataProvider.getList({ resource: "trainees" })).rejects.toMatchObject({ statusCode: 401 });
    await expect(apiRequest("/trainees/agora", { query: { ssn: "2850275123456", birthName: "DURAND" } })).rejects.toMatchObject({ statusCode: 401 });
    await expect(apiRequest("/communes", { query: { postalCode: "69006" } })).rejects.toMatchObject({ statusCode: 401 });
    await expect(fetchPdf("/sessions/s/medias/m")).rejects.toMatchObject({ status: 401 });
    expect((await apiFetch("/recordFse/export")).status).toBe(401);
    installXhr(401);
    expect((await apiUpload("/medias/temporary", new FormData(), () => undefined)).status).toBe(401);
    expect(refusals).toBe(6);
  });

  it("to an anonymous call (sign-in, password reset), or another refusal: none", async () => {
    installFetch((call) => ({ status: call.url.includes("auth-sessions") ? 401 : 403, body: { message: "non" } }));
    await expect(apiRequest("/auth-sessions", { method: "POST", body: {}, anonymous: true })).rejects.toMatchObject({ statusCode: 401 });
    await expect(apiRequest("/employees")).rejects.toMatchObject({ statusCode: 403 });
    expect(refusals).toBe(0);
  });
});
