/**
 * Where to go after signing in: the path carried in navigation state (`from`), else the `?to=` query set by the guard,
 * else "/". Only same-site paths are followed, so a crafted link cannot send the user to another site.
 */
export function callbackPath(state: unknown, search: string): string {
  const fromState = state !== null && typeof state === "object" ? (state as { from?: unknown }).from : undefined;
  const candidate =
    typeof fromState === "string"
      ? fromState
      : fromState !== null && typeof fromState === "object"
        ? `${(fromState as { pathname?: string }).pathname ?? ""}${(fromState as { search?: string }).search ?? ""}`
        : new URLSearchParams(search).get("to");
  return candidate && candidate.startsWith("/") && !candidate.startsWith("//") && !candidate.startsWith("/\\") ? candidate : "/";
}
