import type { HttpError } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import { NETWORK_ERROR_MESSAGE } from "../../providers/data-provider";
import { TRAINEE_MSG } from "../../resources/trainees/schema";
import { TRAINING_MSG } from "../../resources/trainings/schema";
import {
  createLookupRunner,
  initialLookupState,
  LOOKUP_TEXTS,
  lookupFailure,
  lookupReducer,
  type LookupFetcher,
  type LookupMessages,
  type LookupState,
} from "../../src/components/use-external-lookup";

// The two wizards' messages, as their pages give them to the hook.
const PERSON: LookupMessages = { notFound: TRAINEE_MSG.personNotMatched };
const TRAINING: LookupMessages = { notFound: TRAINING_MSG.importNotFound, failed: TRAINING_MSG.importError };

const httpError = (statusCode: number, message: string): HttpError => ({ statusCode, message });

describe("lookupFailure : le message français de chaque échec", () => {
  it("stagiaire : 404 → le nom ne correspond pas au NIR ; sinon le message de l'API (502, 422, réseau)", () => {
    expect(lookupFailure(httpError(404, "x"), PERSON)).toEqual({
      status: "notFound",
      message: "La recherche du titulaire n'a pu aboutir. Le nom ne correspond pas au numéro de sécurité sociale saisi.",
    });
    expect(lookupFailure(httpError(502, TRAINEE_MSG.agoraUnavailable), PERSON)).toEqual({
      status: "error",
      message: "Le système externe ne répond pas, veuillez réessayer plus tard.",
    });
    const refused = "Le NIR est refusé par Agora";
    expect(lookupFailure(httpError(422, refused), PERSON)).toEqual({ status: "error", message: refused });
    expect(lookupFailure(httpError(0, NETWORK_ERROR_MESSAGE), PERSON)).toEqual({
      status: "error",
      message: "Le serveur est injoignable. Vérifiez votre connexion puis réessayez.",
    });
  });

  it("formation : 404 → 'Aucune formation n'a été trouvée' ; 502, 422, 500 et réseau → l'erreur de recherche de la spécification", () => {
    expect(lookupFailure(httpError(404, "x"), TRAINING)).toEqual({ status: "notFound", message: "Aucune formation n'a été trouvée" });
    for (const status of [502, 422, 500, 0]) {
      expect(lookupFailure(httpError(status, "x"), TRAINING)).toEqual({ status: "error", message: "Une erreur est survenue lors de la recherche" });
    }
  });

  it("un échec sans message (pas une réponse de l'API) : un message français générique, jamais vide", () => {
    expect(lookupFailure(new TypeError("boom") as unknown, PERSON).message).toBe("boom");
    expect(lookupFailure(undefined, PERSON)).toEqual({ status: "error", message: LOOKUP_TEXTS.failed });
    expect(lookupFailure({ statusCode: 500, message: "" }, PERSON)).toEqual({ status: "error", message: LOOKUP_TEXTS.failed });
  });
});

type Query = { ssn: string };
type Person = { name: string; id?: string };

describe("lookupReducer : les états", () => {
  const start = (state: LookupState<Query, Person>, ticket: number, ssn: string) => lookupReducer(state, { type: "start", ticket, args: { ssn } });

  it("idle → loading → found, la requête gardée (pour Réessayer et le formulaire de recherche remonté)", () => {
    const loading = start(initialLookupState(), 1, "A");
    expect(loading).toEqual({ status: "loading", result: null, error: null, args: { ssn: "A" }, ticket: 1 });
    const found = lookupReducer(loading, { type: "found", ticket: 1, result: { name: "Marie" } });
    expect(found).toEqual({ status: "found", result: { name: "Marie" }, error: null, args: { ssn: "A" }, ticket: 1 });
  });

  it("loading → notFound / error avec le message", () => {
    const loading = start(initialLookupState(), 1, "A");
    expect(lookupReducer(loading, { type: "failed", ticket: 1, status: "notFound", message: "absent" })).toMatchObject({ status: "notFound", error: "absent", result: null });
    expect(lookupReducer(loading, { type: "failed", ticket: 1, status: "error", message: "panne" })).toMatchObject({ status: "error", error: "panne", args: { ssn: "A" } });
  });

  it("une nouvelle recherche efface le résultat précédent", () => {
    const found = lookupReducer(start(initialLookupState(), 1, "A"), { type: "found", ticket: 1, result: { name: "Marie" } });
    expect(start(found, 2, "B")).toEqual({ status: "loading", result: null, error: null, args: { ssn: "B" }, ticket: 2 });
  });

  it("la réponse d'une recherche dépassée ou annulée (reset) est ignorée", () => {
    const second = start(start(initialLookupState(), 1, "A"), 2, "B");
    expect(lookupReducer(second, { type: "found", ticket: 1, result: { name: "ancienne" } })).toBe(second);
    expect(lookupReducer(second, { type: "failed", ticket: 1, status: "error", message: "ancienne" })).toBe(second);
    const reset = lookupReducer(second, { type: "reset", ticket: 3 });
    expect(reset).toEqual({ status: "idle", result: null, error: null, args: null, ticket: 3 });
    expect(lookupReducer(reset, { type: "found", ticket: 2, result: { name: "B" } })).toBe(reset);
  });
});

/** A fetcher whose answers the test gives by hand, recording each call's abort signal. */
function manualFetcher() {
  const calls: { args: Query; signal: AbortSignal; resolve: (p: Person) => void; reject: (e: unknown) => void }[] = [];
  const fetcher: LookupFetcher<Query, Person> = (args, signal) =>
    new Promise<Person>((resolve, reject) => calls.push({ args, signal, resolve, reject }));
  return { fetcher, calls };
}

function runnerWith(messages: LookupMessages = PERSON) {
  const { fetcher, calls } = manualFetcher();
  let state: LookupState<Query, Person> = initialLookupState();
  const runner = createLookupRunner<Query, Person>(
    (action) => (state = lookupReducer(state, action)),
    () => ({ fetcher, messages }),
  );
  return { runner, calls, state: () => state };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createLookupRunner : recherche, annulation, Réessayer, reset", () => {
  it("trouvé : l'état et onFound reçoivent la réponse", async () => {
    const { runner, calls, state } = runnerWith();
    const applied: Person[] = [];
    runner.lookup({ ssn: "A" }, (person) => applied.push(person));
    expect(state().status).toBe("loading");
    calls[0]!.resolve({ name: "Marie" });
    await settle();
    expect(state()).toMatchObject({ status: "found", result: { name: "Marie" } });
    expect(applied).toEqual([{ name: "Marie" }]);
  });

  it("404 puis 502 : les messages de l'écran", async () => {
    const { runner, calls, state } = runnerWith();
    runner.lookup({ ssn: "A" });
    calls[0]!.reject(httpError(404, "x"));
    await settle();
    expect(state()).toMatchObject({ status: "notFound", error: TRAINEE_MSG.personNotMatched });
    runner.lookup({ ssn: "A" });
    calls[1]!.reject(httpError(502, TRAINEE_MSG.agoraUnavailable));
    await settle();
    expect(state()).toMatchObject({ status: "error", error: TRAINEE_MSG.agoraUnavailable });
  });

  it("une nouvelle recherche annule la précédente : sa réponse tardive n'est ni affichée ni appliquée", async () => {
    const { runner, calls, state } = runnerWith();
    const applied: string[] = [];
    runner.lookup({ ssn: "A" }, (person) => applied.push(person.name));
    runner.lookup({ ssn: "B" }, (person) => applied.push(person.name));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    calls[1]!.resolve({ name: "B" });
    calls[0]!.resolve({ name: "A" });
    await settle();
    expect(state()).toMatchObject({ status: "found", result: { name: "B" }, args: { ssn: "B" } });
    expect(applied).toEqual(["B"]);
  });

  it("Réessayer relance la dernière recherche avec son onFound", async () => {
    const { runner, calls, state } = runnerWith(TRAINING);
    const applied: string[] = [];
    runner.lookup({ ssn: "A" }, (person) => applied.push(person.name));
    calls[0]!.reject(httpError(502, "x"));
    await settle();
    expect(state()).toMatchObject({ status: "error", error: TRAINING_MSG.importError });
    runner.retry();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.args).toEqual({ ssn: "A" });
    expect(state().status).toBe("loading");
    calls[1]!.resolve({ name: "A" });
    await settle();
    expect(state().status).toBe("found");
    expect(applied).toEqual(["A"]);
  });

  it("reset annule la recherche en cours et oublie la dernière : Réessayer ne fait plus rien", async () => {
    const { runner, calls, state } = runnerWith();
    const applied: string[] = [];
    runner.lookup({ ssn: "A" }, (person) => applied.push(person.name));
    runner.reset();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve({ name: "A" });
    await settle();
    expect(state()).toMatchObject({ status: "idle", args: null, result: null });
    expect(applied).toEqual([]);
    runner.retry();
    expect(calls).toHaveLength(1);
  });

  it("dispose (page quittée) : la réponse en vol n'arrive plus", async () => {
    const { runner, calls, state } = runnerWith();
    runner.lookup({ ssn: "A" });
    runner.dispose();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.reject(httpError(0, NETWORK_ERROR_MESSAGE));
    await settle();
    expect(state().status).toBe("loading");
  });
});
