/**
 * One lookup in the external system (AGORA person, training, later record): loading, found / not found, French error,
 * retry. A newer lookup, reset() or unmounting aborts the running one, and a superseded answer is never shown nor applied.
 *
 *   const person = useExternalLookup(
 *     (query: PersonQuery, signal) => apiRequest<{ data: Person }>("/trainees/agora", { query, signal }).then((answer) => answer.data),
 *     { notFound: TRAINEE_MSG.personNotMatched },
 *   );
 *   person.lookup(query, (found) => fillTheForm(found));
 *   person.status ("idle" | "loading" | "found" | "notFound" | "error"), person.result (when found), person.error (French message),
 *   person.args (the latest query), person.retry(), person.reset()
 *
 * A creation wizard holds it in its page component: the import step unmounts on "Suivant" and finds its result
 * (and, through `args`, its search values) again on "Précédent".
 */
import type { HttpError } from "@refinedev/core";
import { useEffect, useReducer, useRef, useState } from "react";

export const LOOKUP_TEXTS = {
  retry: "Réessayer",
  /** A failure without a message of its own (not an API answer). */
  failed: "Une erreur est survenue lors de la recherche",
} as const;

export interface LookupMessages {
  /** The answer 404: the external system does not know what was searched. */
  notFound: string;
  /**
   * Any other failure (502 external system unreachable, 422 refused, 500, network). Without it the API's own French
   * message is shown (e.g. 'Le système externe ne répond pas, veuillez réessayer plus tard.').
   */
  failed?: string;
}

export type LookupStatus = "idle" | "loading" | "found" | "notFound" | "error";

type LookupOutcome<T> =
  | { status: "idle" | "loading"; result: null; error: null }
  | { status: "found"; result: T; error: null }
  | { status: "notFound" | "error"; result: null; error: string };

export type LookupState<A, T> = LookupOutcome<T> & {
  /** The latest lookup's arguments, kept once it ended: retry() runs them again, a remounted search form starts from them. */
  args: A | null;
  /** The lookup the state belongs to: an answer carrying an older ticket (superseded or reset) is dropped. */
  ticket: number;
};

export type LookupAction<A, T> =
  | { type: "start"; ticket: number; args: A }
  | { type: "found"; ticket: number; result: T }
  | { type: "failed"; ticket: number; status: "notFound" | "error"; message: string }
  | { type: "reset"; ticket: number };

export const initialLookupState = <A, T>(): LookupState<A, T> => ({ status: "idle", result: null, error: null, args: null, ticket: 0 });

export function lookupReducer<A, T>(state: LookupState<A, T>, action: LookupAction<A, T>): LookupState<A, T> {
  switch (action.type) {
    case "start":
      return { status: "loading", result: null, error: null, args: action.args, ticket: action.ticket };
    case "reset":
      return { ...initialLookupState<A, T>(), ticket: action.ticket };
    case "found":
      if (action.ticket !== state.ticket) return state;
      return { status: "found", result: action.result, error: null, args: state.args, ticket: state.ticket };
    case "failed":
      if (action.ticket !== state.ticket) return state;
      return { status: action.status, result: null, error: action.message, args: state.args, ticket: state.ticket };
  }
}

/** A failed lookup as the screen shows it: 404 is "not found" with the screen's message; anything else is an error. */
export function lookupFailure(error: unknown, messages: LookupMessages): { status: "notFound" | "error"; message: string } {
  const failure = (error ?? {}) as Partial<HttpError>;
  if (failure.statusCode === 404) return { status: "notFound", message: messages.notFound };
  const apiMessage = typeof failure.message === "string" && failure.message ? failure.message : null;
  return { status: "error", message: messages.failed ?? apiMessage ?? LOOKUP_TEXTS.failed };
}

/** The lookup's question: resolves with the answer, rejects with the API's HttpError (statusCode 0: network). */
export type LookupFetcher<A, T> = (args: A, signal: AbortSignal) => Promise<T>;

export type ExternalLookup<A, T> = LookupOutcome<T> & {
  args: A | null;
  /** Runs a lookup; `onFound` runs with its answer unless a newer lookup or reset() came first. */
  lookup: (args: A, onFound?: (result: T) => void) => void;
  /** Runs the latest lookup again, with its `onFound`. */
  retry: () => void;
  /** Back to idle: aborts a running lookup and forgets the latest one. */
  reset: () => void;
};

/** The lookup's moves, apart from React so that they can be tested as they are: the hook gives them its dispatch. */
export function createLookupRunner<A, T>(
  dispatch: (action: LookupAction<A, T>) => void,
  latest: () => { fetcher: LookupFetcher<A, T>; messages: LookupMessages },
) {
  let ticket = 0;
  let running: AbortController | null = null;
  let lastCall: { args: A; onFound?: (result: T) => void } | null = null;

  const lookup = (args: A, onFound?: (result: T) => void) => {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    lastCall = { args, onFound };
    const current = ++ticket;
    dispatch({ type: "start", ticket: current, args });
    latest()
      .fetcher(args, controller.signal)
      .then(
        (result) => {
          if (controller.signal.aborted) return;
          dispatch({ type: "found", ticket: current, result });
          onFound?.(result);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          dispatch({ type: "failed", ticket: current, ...lookupFailure(error, latest().messages) });
        },
      );
  };

  return {
    lookup,
    retry: () => {
      if (lastCall) lookup(lastCall.args, lastCall.onFound);
    },
    reset: () => {
      running?.abort();
      running = null;
      lastCall = null;
      dispatch({ type: "reset", ticket: ++ticket });
    },
    /** The page is leaving: nothing may land any more. */
    dispose: () => running?.abort(),
  };
}

export function useExternalLookup<A, T>(fetcher: LookupFetcher<A, T>, messages: LookupMessages): ExternalLookup<A, T> {
  const [state, dispatch] = useReducer(lookupReducer<A, T>, undefined, initialLookupState<A, T>);
  // Callers pass inline functions and objects: a lookup uses the latest ones, and lookup/retry/reset keep their identity.
  const latest = useRef({ fetcher, messages });
  latest.current = { fetcher, messages };
  const [runner] = useState(() => createLookupRunner(dispatch, () => latest.current));
  useEffect(() => runner.dispose, [runner]);

  const { ticket: _ticket, ...outcome } = state;
  return { ...outcome, lookup: runner.lookup, retry: runner.retry, reset: runner.reset };
}
