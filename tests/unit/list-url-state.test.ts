import { describe, expect, it } from "vitest";
import { recordListQuery } from "../../resources/records/list-query";
import { applyListChange, filterParamsOf, nextSort, readListUrlState } from "../../src/components/resource-list/list-url-state";

const remembered = { offset: 20, limit: 10 };
const read = (query: string) => readListUrlState(new URLSearchParams(query), remembered, recordListQuery);

describe("état d'une liste dans l'adresse", () => {
  it("lit recherche, filtres du schéma de la liste, tri et pagination ; ignore les autres paramètres et les valeurs refusées", () => {
    expect(read("search=martin&status=VALIDATED,SETUP&filterAnomalies=true&tab=x&after=c&sort=updatedDate&order=desc&offset=50&limit=100")).toEqual({
      search: "martin",
      paging: { offset: 50, limit: 100 },
      sort: { field: "updatedDate", order: "desc" },
      filters: { status: "VALIDATED,SETUP", filterAnomalies: "true" },
    });
    // An unknown status, a day that is not one, a field the list does not sort by: left out, the rest kept.
    expect(read("status=FOO&sessionFrom=2026-02-30&trainingId=t1&sort=fsesCount")).toMatchObject({ filters: { trainingId: "t1" }, sort: null });
    expect(filterParamsOf(recordListQuery)).toEqual(expect.arrayContaining(["status", "educationalOrganizationId", "trainingId", "sessionFrom", "sessionTo", "withoutFse", "agoraFailed", "filterAnomalies"]));
    expect(filterParamsOf(recordListQuery)).not.toContain("after");
  });

  it("sans offset ni limit dans l'adresse, ou avec des valeurs invalides, reprend la pagination mémorisée (sessionStorage)", () => {
    expect(read("").paging).toEqual(remembered);
    expect(read("offset=-3&limit=7").paging).toEqual(remembered);
    expect(read("offset=0").paging).toEqual({ offset: 0, limit: 10 });
    expect(read("sort=status").sort).toEqual({ field: "status", order: "asc" });
    expect(read("").sort).toBeNull();
  });

  it("un changement de recherche, de tri ou de filtre revient à la première ligne et garde les autres paramètres", () => {
    const params = new URLSearchParams("status=VALIDATED&todo=bilans&offset=40&limit=20&other=1");
    const state = readListUrlState(params, remembered, recordListQuery);
    const text = (p: URLSearchParams) => Object.fromEntries(p);
    expect(text(applyListChange(params, state, { search: "dupont" }))).toEqual({ status: "VALIDATED", todo: "bilans", offset: "0", limit: "20", other: "1", search: "dupont" });
    expect(text(applyListChange(params, state, { sort: { field: "status", order: "desc" } }))).toMatchObject({ sort: "status", order: "desc", offset: "0" });
    expect(text(applyListChange(params, state, { filters: { status: null, trainingId: "t1" } }))).toEqual({ todo: "bilans", offset: "0", limit: "20", other: "1", trainingId: "t1" });
    expect(text(applyListChange(params, state, { resetFilters: ["status", "trainingId"] }))).toEqual({ todo: "bilans", offset: "0", limit: "20", other: "1" });
    expect(text(applyListChange(params, state, { paging: { offset: 60, limit: 20 } }))).toMatchObject({ status: "VALIDATED", offset: "60", limit: "20" });
    expect(applyListChange(params, state, { search: "  " }).has("search")).toBe(false);
  });

  it("un en-tête trie croissant, puis décroissant, puis revient à l'ordre par défaut ; un autre en-tête repart en croissant", () => {
    expect(nextSort(null, "name")).toEqual({ field: "name", order: "asc" });
    expect(nextSort({ field: "name", order: "asc" }, "name")).toEqual({ field: "name", order: "desc" });
    expect(nextSort({ field: "name", order: "desc" }, "name")).toBeNull();
    expect(nextSort({ field: "name", order: "desc" }, "status")).toEqual({ field: "status", order: "asc" });
  });
});
