/** "Take a valid body and change one thing": the mutation plans of the hostile-mutations property suite. */
import fc from "fast-check";
import { hostileJson, hostileNumber, hostileString, POLLUTION_KEYS } from "./hostile-values";

type Path = (string | number)[];

export type Mutation =
  | { kind: "replace"; path: Path; value: unknown }
  | { kind: "remove"; path: Path }
  | { kind: "pollute"; path: Path; key: string; value: unknown };

/** Every path of a JSON value, containers included, root excluded. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...pathsOf(child, path)];
  });
}

/** Containers (objects) of a JSON value, root included: where a polluting key is added. */
const objectPaths = (value: unknown): Path[] =>
  [[], ...pathsOf(value)].filter((path) => {
    const target = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value);
    return typeof target === "object" && target !== null && !Array.isArray(target);
  });

/** Wrong types and hostile values for one field. */
const hostileField: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, -0.0001, [], {}, [""], [null], { "": "" }), weight: 2 },
  { arbitrary: hostileJson, weight: 2 },
);

/** One change to a body shaped like `template` (the body itself is built afresh for each run: unique e-mails, SIRETs). */
export const mutationOf = (template: unknown): fc.Arbitrary<Mutation> =>
  fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant("replace" as const), path: fc.constantFrom(...pathsOf(template)), value: hostileField }), weight: 6 },
    { arbitrary: fc.record({ kind: fc.constant("remove" as const), path: fc.constantFrom(...pathsOf(template)) }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant("pollute" as const),
        path: fc.constantFrom(...objectPaths(template)),
        key: fc.constantFrom(...POLLUTION_KEYS, "id", "roleId", "tokenVersion", "passwordHash", "ssnVerified", "createdDate"),
        value: hostileField,
      }),
      weight: 2,
    },
  );

/** A copy of `valid` with `mutation` applied (own properties, so `__proto__` is a key, not the prototype). */
export function mutate<T>(valid: T, mutation: Mutation): T {
  const body = structuredClone(valid);
  const path = mutation.kind === "pollute" ? [...mutation.path, mutation.key] : mutation.path;
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], body);
  if (typeof parent !== "object" || parent === null) return body;
  const last = path[path.length - 1]!;
  if (mutation.kind === "remove") {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete (parent as Record<string, unknown>)[last];
  } else {
    Object.defineProperty(parent, last, { value: mutation.value, enumerable: true, writable: true, configurable: true });
  }
  return body;
}
