import { describe, expect, it } from "vitest";
import { cursorKeyFits, decodeTextKey, encodeTextKey, LIST_QUERY_MSG, parseListCursor } from "../../resources/common/list-query";
import { recordListQuery } from "../../resources/records/list-query";
import { trainingListQuery } from "../../resources/trainings/list-query";

describe("list cursors", () => {
  it("carry a text sort key in base64url, accents and tildes included", () => {
    for (const text of ["ORGANISME AVENIR", "Hélène d'Août ~ 100 %", ""]) {
      const key = encodeTextKey(text);
      expect(key).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(decodeTextKey(key)).toBe(text);
    }
    expect(decodeTextKey("@@")).toBeUndefined();
  });

  it("check a key against its sort's kind", () => {
    expect(cursorKeyFits("timestamp", "2026-11-24T09:15:02.123456Z")).toBe(true);
    expect(cursorKeyFits("timestamp", "2026-02-30T09:15:02.123456Z")).toBe(false);
    expect(cursorKeyFits("date", "2026-11-24")).toBe(true);
    expect(cursorKeyFits("date", "2026-02-30")).toBe(false);
    expect(cursorKeyFits("date", "2026-11-24T09:15:02.123456Z")).toBe(false);
    expect(cursorKeyFits("rank", "3")).toBe(true);
    expect(cursorKeyFits("rank", "-1")).toBe(false);
    expect(cursorKeyFits("rank", "3.5")).toBe(false);
    expect(cursorKeyFits("rank", "12345")).toBe(false);
    expect(cursorKeyFits("text", encodeTextKey("Dupont"))).toBe(true);
    expect(parseListCursor("2026-11-24T09:15:02.123456Z~abc123")).toEqual({ key: "2026-11-24T09:15:02.123456Z", id: "abc123" });
    expect(parseListCursor("no-id")).toBeUndefined();
  });
});

describe("list query schemas", () => {
  it("default to the most recently updated first and refuse a field outside the whitelist in French", () => {
    expect(recordListQuery.parse({})).toMatchObject({ sort: "updatedDate", order: "desc", offset: 0, limit: 50, withoutFse: false });
    const refused = recordListQuery.safeParse({ sort: "fsesCount" });
    expect(refused.error?.issues[0]?.message).toBe(LIST_QUERY_MSG.sortInvalid("fsesCount"));
    expect(LIST_QUERY_MSG.sortInvalid("x")).toBe("Tri impossible sur ce champ : x");
  });

  it("read the filters (statuses as a list, booleans as true, false or absent) and refuse a cursor of another sort", () => {
    expect(recordListQuery.parse({ status: "SETUP,VALIDATED" }).status).toEqual(["SETUP", "VALIDATED"]);
    expect(trainingListQuery.parse({ fse: "false" }).fse).toBe(false);
    expect(trainingListQuery.parse({}).fse).toBeUndefined();
    expect(recordListQuery.safeParse({ sort: "status", after: "2~abc" }).success).toBe(true);
    expect(recordListQuery.safeParse({ sort: "status", after: `${encodeTextKey("SETUP")}~abc` }).success).toBe(false);
    expect(recordListQuery.safeParse({ sort: "status", after: "2026-11-24T09:15:02.123456Z~abc" }).success).toBe(false);
    expect(recordListQuery.safeParse({ sort: "createdDate", after: `${encodeTextKey("SETUP")}~abc` }).success).toBe(false);
  });
});
