import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest, dataProvider, NETWORK_ERROR_MESSAGE, TOKEN_KEY } from "../../providers/data-provider";
import { installFetch, installLocalStorage, type FetchCall } from "./support/browser";

let storage: Map<string, string>;
beforeEach(() => {
  storage = installLocalStorage();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const listAnswer = (data: unknown[], totalCount: number) => ({
  status: 200,
  body: { data, metadata: { pagination: { offset: 0, limit: 50, totalCount }, requestId: "r", executionTime: 1, timestamp: "2026-01-01T00:00:00Z" } },
});

const query = (call: FetchCall) => new URL(call.url, "http://localhost").searchParams;
const path = (call: FetchCall) => new URL(call.url, "http://localhost").pathname;

describe("getList", () => {
  it("demande la page qui suit une page reçue après son curseur (nextCursor), et une page atteinte d'un saut par offset", async () => {
    let page = 0;
    const calls = installFetch(() => {
      page += 1;
      const answer = listAnswer([{ id: `r${page}` }], 1_000);
      return { ...answer, body: { ...answer.body, metadata: { ...answer.body.metadata, pagination: { ...answer.body.metadata.pagination, nextCursor: `c${page}` } } } };
    });
    const list = (currentPage: number, pageSize = 50, search = "martin") =>
      dataProvider.getList({ resource: "records", pagination: { currentPage, pageSize }, filters: [{ field: "search", operator: "contains", value: search }] });
    await list(1);
    await list(2);
    await list(5);
    await list(2, 20);
    await list(2, 50, "dupont");
    await list(2);
    expect(calls.map((c) => [query(c).get("offset"), query(c).get("after")])).toEqual([
      ["0", null],
      ["50", "c1"],
      ["200", null],
      ["20", null],
      ["50", null],
      ["50", "c1"],
    ]);
  });

  it("traduit currentPage/pageSize en offset/limit et totalCount en total", async () => {
    const calls = installFetch(() => listAnswer([{ id: "a" }, { id: "b" }], 42));
    const result = await dataProvider.getList({ resource: "trainees", pagination: { currentPage: 3, pageSize: 20 } });
    expect(path(calls[0]!)).toBe("/api/trainees");
    expect(query(calls[0]!).get("offset")).toBe("40");
    expect(query(calls[0]!).get("limit")).toBe("20");
    expect(result).toEqual({ data: [{ id: "a" }, { id: "b" }], total: 42 });
  });

  it("envoie le filtre « search » nettoyé, et l'omet quand il est vide", async () => {
    const calls = installFetch(() => listAnswer([], 0));
    await dataProvider.getList({ resource: "employees", filters: [{ field: "search", operator: "contains", value: "  hélène " }] });
    await dataProvider.getList({ resource: "employees", filters: [{ field: "search", operator: "contains", value: "   " }] });
    await dataProvider.getList({ resource: "employees", filters: [{ field: "search", operator: "contains", value: undefined }] });
    expect(query(calls[0]!).get("search")).toBe("hélène");
    expect(query(calls[1]!).has("search")).toBe(false);
    expect(query(calls[2]!).has("search")).toBe(false);
  });

  it("passe les autres filtres tels quels en paramètres (freeTrainees, filterAnomalies), sauf les vides", async () => {
    const calls = installFetch(() => listAnswer([], 0));
    await dataProvider.getList({
      resource: "records",
      filters: [
        { field: "filterAnomalies", operator: "eq", value: true },
        { field: "freeTrainees", operator: "eq", value: false },
        { field: "status", operator: "eq", value: "" },
        { field: "from", operator: "eq", value: "2026-02-03" },
      ],
    });
    const params = query(calls[0]!);
    expect(params.get("filterAnomalies")).toBe("true");
    expect(params.get("freeTrainees")).toBe("false");
    expect(params.has("status")).toBe(false);
    expect(params.get("from")).toBe("2026-02-03");
  });

  it("envoie le tri (sort, order), un seul, et ne reprend pas après un changement de tri le curseur d'un autre ordre", async () => {
    let page = 0;
    const calls = installFetch(() => {
      page += 1;
      const answer = listAnswer([{ id: `r${page}` }], 1_000);
      return { ...answer, body: { ...answer.body, metadata: { ...answer.body.metadata, pagination: { ...answer.body.metadata.pagination, nextCursor: `c${page}` } } } };
    });
    const list = (currentPage: number, order?: "asc" | "desc") =>
      dataProvider.getList({
        resource: "sessions",
        pagination: { currentPage, pageSize: 50 },
        sorters: order ? [{ field: "startDate", order }, { field: "endDate", order: "asc" }] : [],
      });
    await list(1, "asc");
    await list(2, "asc");
    await list(2, "desc");
    await list(2);
    expect(calls.map((c) => [query(c).get("sort"), query(c).get("order"), query(c).get("after")])).toEqual([
      ["startDate", "asc", null],
      ["startDate", "asc", "c1"],
      ["startDate", "desc", null],
      [null, null, null],
    ]);
  });

  it("transmet totalCountCapped quand le total est une estimation (plus de 10 000 lignes), et rien sinon", async () => {
    const capped = listAnswer([{ id: "a" }], 523_000);
    capped.body.metadata.pagination = { ...capped.body.metadata.pagination, totalCountCapped: true } as typeof capped.body.metadata.pagination;
    installFetch(() => capped);
    expect(await dataProvider.getList({ resource: "trainees" })).toEqual({ data: [{ id: "a" }], total: 523_000, totalCountCapped: true });
    installFetch(() => listAnswer([{ id: "a" }], 10_000));
    expect(await dataProvider.getList({ resource: "trainees" })).toEqual({ data: [{ id: "a" }], total: 10_000 });
  });

  it("sans pagination serveur, n'envoie ni offset ni limit", async () => {
    const calls = installFetch(() => listAnswer([{ id: "x" }], 1));
    const result = await dataProvider.getList({ resource: "users/roles", pagination: { mode: "off" } });
    expect(query(calls[0]!).has("offset")).toBe(false);
    expect(query(calls[0]!).has("limit")).toBe(false);
    expect(path(calls[0]!)).toBe("/api/users/roles");
    expect(result.total).toBe(1);
  });
});

describe("appels unitaires", () => {
  it("getOne, create, update (PATCH) et deleteOne visent la ressource et son identifiant", async () => {
    const calls = installFetch((call) => (call.method === "DELETE" ? { status: 204 } : { status: call.method === "POST" ? 201 : 200, body: { data: { id: "e1", name: "X" } } }));
    expect(await dataProvider.getOne({ resource: "employees", id: "e1" })).toEqual({ data: { id: "e1", name: "X" } });
    await dataProvider.create({ resource: "employees", variables: { name: "X" } });
    await dataProvider.update({ resource: "employees", id: "e1", variables: { name: "Y" } });
    expect(await dataProvider.deleteOne({ resource: "employees", id: "e1" })).toEqual({ data: { id: "e1" } });
    expect(calls.map((call) => `${call.method} ${path(call)}`)).toEqual([
      "GET /api/employees/e1",
      "POST /api/employees",
      "PATCH /api/employees/e1",
      "DELETE /api/employees/e1",
    ]);
    expect(calls[1]!.body).toEqual({ name: "X" });
    expect(calls[2]!.body).toEqual({ name: "Y" });
  });

  it("custom : chemin sous /api, méthode, requête et corps ; garde les métadonnées d'une liste", async () => {
    const calls = installFetch(() => listAnswer([{ id: 1 }], 1));
    const result = await dataProvider.custom!({ url: "/trainees/agora", method: "get", query: { ssn: "1234567890123", birthName: "DUPONT" } });
    expect(path(calls[0]!)).toBe("/api/trainees/agora");
    expect(query(calls[0]!).get("ssn")).toBe("1234567890123");
    expect(result.data).toEqual([{ id: 1 }]);
    expect((result as unknown as { metadata: unknown }).metadata).toBeDefined();
    await dataProvider.custom!({ url: "/api/records/r1/status", method: "post", payload: { status: "VALIDATED" } });
    expect(path(calls[1]!)).toBe("/api/records/r1/status");
    expect(calls[1]!.method).toBe("POST");
    expect(calls[1]!.body).toEqual({ status: "VALIDATED" });
  });
});

describe("jeton", () => {
  it("ajoute l'en-tête Authorization à partir du jeton stocké, et rien sans jeton", async () => {
    const calls = installFetch(() => ({ status: 200, body: { data: {} } }));
    await dataProvider.getOne({ resource: "trainees", id: "t" });
    storage.set(TOKEN_KEY, "abc.def.ghi");
    await dataProvider.getOne({ resource: "trainees", id: "t" });
    await apiRequest("/auth-sessions", { method: "POST", body: {}, anonymous: true });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[1]!.headers.Authorization).toBe("Bearer abc.def.ghi");
    expect(calls[2]!.headers.Authorization).toBeUndefined();
  });
});

describe("dates", () => {
  it("rend les dates des réponses telles que le JSON les porte (chaînes) : les schémas de réponse les ont mises en forme", async () => {
    const answer = { data: { id: "t", birthDate: "1990-05-12", updatedDate: "2026-03-01T10:20:30.123Z", nested: [{ at: "2026-03-01T10:00:00.000Z" }] } };
    installFetch(() => ({ status: 200, body: answer }));
    const { data } = await dataProvider.getOne({ resource: "trainees", id: "t" });
    expect(data).toEqual(answer.data);
  });

  it("envoie un corps tel quel : un formulaire tient ses dates en AAAA-MM-JJ", async () => {
    const calls = installFetch(() => ({ status: 201, body: { data: { id: "t" } } }));
    await dataProvider.create({ resource: "trainees", variables: { birthDate: "1990-05-12" } });
    expect(calls[0]!.body).toEqual({ birthDate: "1990-05-12" });
  });
});

describe("erreurs", () => {
  it("rejette toute réponse hors 2xx avec une HttpError qui garde le corps (details, details.agora)", async () => {
    installFetch(() => ({
      status: 422,
      body: { statusCode: 422, error: "Unprocessable Entity", message: "Refusé par AGORA", details: { agora: { type: "record", code: "1047", message: "Dossier clos" } } },
    }));
    await expect(dataProvider.update({ resource: "records", id: "r", variables: {} })).rejects.toMatchObject({
      statusCode: 422,
      message: "Refusé par AGORA",
      error: "Unprocessable Entity",
      details: { agora: { type: "record", code: "1047", message: "Dossier clos" } },
    });
  });

  it("reporte les erreurs de champs d'un 400 dans `errors` pour les formulaires", async () => {
    installFetch(() => ({
      status: 400,
      body: { statusCode: 400, error: "Bad Request", message: "La requête n'est pas valide", details: { fields: [{ path: "lastName", message: "Ce champ est obligatoire" }] } },
    }));
    await expect(dataProvider.create({ resource: "employees", variables: {} })).rejects.toMatchObject({
      statusCode: 400,
      errors: { lastName: "Ce champ est obligatoire" },
      details: { fields: [{ path: "lastName", message: "Ce champ est obligatoire" }] },
    });
  });

  it("401, 404, 409 : le code et le message du serveur ; corps vide : un message par défaut", async () => {
    installFetch((call) => (call.url.includes("vide") ? { status: 500 } : { status: 409, body: { statusCode: 409, message: "Ce mail est déjà utilisé pour un autre employé." } }));
    await expect(dataProvider.create({ resource: "employees", variables: {} })).rejects.toMatchObject({ statusCode: 409, message: "Ce mail est déjà utilisé pour un autre employé." });
    await expect(dataProvider.getOne({ resource: "vide", id: "1" })).rejects.toMatchObject({ statusCode: 500, message: "Erreur 500" });
  });

  it("panne réseau : HttpError de code 0 avec un message français", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(dataProvider.getOne({ resource: "trainees", id: "t" })).rejects.toEqual({ statusCode: 0, message: NETWORK_ERROR_MESSAGE });
  });
});
