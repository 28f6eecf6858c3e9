import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../server/db/unavailable";

const pgError = (code: string, message = "erreur") => Object.assign(new Error(message), { code });
/** How drizzle wraps the driver's error. */
const wrapped = (cause: Error) => new Error("Failed query: select 1", { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["reset connection", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })],
    ["admin_shutdown", pgError("57P01", "terminating connection due to administrator command")],
    ["cannot_connect_now", pgError("57P03", "the database system is starting up")],
    ["connection exception class 08", pgError("08006")],
    ["statement timeout", pgError("57014", "canceling statement due to statement timeout")],
    ["pool connection timeout", new Error("timeout exceeded when trying to connect")],
    ["connection dropped mid-query", new Error("Connection terminated unexpectedly")],
    ["every address refused", new AggregateError([Object.assign(new Error("refused"), { code: "ECONNREFUSED" })], "")],
  ])("recognises %s, also wrapped by drizzle", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ["unique violation", pgError("23505")],
    ["syntax error (a defect, stays 500)", pgError("42601")],
    ["a plain bug", new TypeError("x is undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("leaves %s to the other answers", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(error instanceof Error ? wrapped(error) : error)).toBe(false);
  });
});
