import type { AgoraClient, AgoraPerson, AgoraTraining } from "./types";

/** The adapter used when AGORA_URL is set: same interface, JSON over HTTP; 404 means "not found". */
export function createAgoraHttpClient(baseUrl: string, fetchImpl: typeof fetch = fetch): AgoraClient {
  async function get<T>(path: string): Promise<T | null> {
    const res = await fetchImpl(new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`), { headers: { accept: "application/json" } });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`Système externe : réponse ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  }
  return {
    findPerson: (ssn, birthName) =>
      get<AgoraPerson>(`persons?${new URLSearchParams({ ssn, birthName }).toString()}`),
    findTraining: (number, actionNumber) =>
      get<AgoraTraining>(`trainings/${encodeURIComponent(number)}/${encodeURIComponent(actionNumber)}`),
  };
}
