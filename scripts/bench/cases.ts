/**
 * What the bench measures: every list endpoint, as each bench role, on page 1, a deep page (jumped to by offset, and reached
 * page after page: after the previous page's cursor, as the SPA asks it) and two searches.
 */
import { DEFAULT_PAGE_SIZE } from "../../src/lib/session-storage";
import { SEARCH_TERMS } from "./french-data";

export const PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** The deep page asked for when the caller sees that many rows; else the last page. */
export const DEEP_OFFSET = 100_000;

export interface ListEndpoint {
  name: string;
  path: string;
  terms?: { common: string; rare: string };
  /** Not a list (GET /api/todo, the home page's counters): one request, measured as « page 1 » only. */
  single?: boolean;
}

export const LIST_ENDPOINTS: readonly ListEndpoint[] = [
  { name: "employees", path: "/api/employees", terms: SEARCH_TERMS.people },
  { name: "organizations", path: "/api/organizations", terms: SEARCH_TERMS.organizations },
  { name: "trainees", path: "/api/trainees", terms: SEARCH_TERMS.people },
  // The record wizard's list of trainees without a record: page 1 and deep only (its searches are the trainees' ones).
  { name: "trainees free", path: "/api/trainees?freeTrainees=true" },
  { name: "trainings", path: "/api/trainings", terms: SEARCH_TERMS.trainings },
  // Searched by their training's number and name, so with the trainings' terms.
  { name: "sessions", path: "/api/sessions", terms: SEARCH_TERMS.trainings },
  // The home page; searched by trainee name (and NIR, AGORA number, training), so with the people's terms.
  { name: "records", path: "/api/records", terms: SEARCH_TERMS.people },
  // The 'dossiers bloquants' toggle: page 1 and deep.
  { name: "records blocking", path: "/api/records?filterAnomalies=true" },
  // « À traiter » on each home page visit, and the lists its links open (page 1 and deep).
  { name: "todo", path: "/api/todo", single: true },
  { name: "records fse late", path: "/api/records?todo=fse-late" },
  { name: "sessions bilans late", path: "/api/sessions?todo=bilans-late" },
  // Issue 25: each offered sort (page 1, deep, deep keyset after a sorted cursor, searched) and the staff's filters.
  { name: "employees by name", path: "/api/employees?sort=lastName&order=asc", terms: SEARCH_TERMS.people },
  { name: "organizations by name", path: "/api/organizations?sort=name&order=asc", terms: SEARCH_TERMS.organizations },
  { name: "trainees by name", path: "/api/trainees?sort=lastName&order=asc", terms: SEARCH_TERMS.people },
  { name: "trainees by department", path: "/api/trainees?department=D75", terms: SEARCH_TERMS.people },
  { name: "trainings by name", path: "/api/trainings?sort=name&order=desc", terms: SEARCH_TERMS.trainings },
  { name: "trainings fse", path: "/api/trainings?fse=true&healthcare=false", terms: SEARCH_TERMS.trainings },
  { name: "sessions by start", path: "/api/sessions?sort=startDate&order=asc", terms: SEARCH_TERMS.trainings },
  { name: "sessions bilan", path: "/api/sessions?periodFrom=2025-01-01&periodTo=2025-12-31&bilanNotValidated=true", terms: SEARCH_TERMS.trainings },
  { name: "records by status", path: "/api/records?sort=status&order=asc", terms: SEARCH_TERMS.people },
  { name: "records by creation", path: "/api/records?sort=createdDate&order=desc", terms: SEARCH_TERMS.people },
  { name: "records statuses", path: "/api/records?status=VALIDATED,START_OF_TRAINING", terms: SEARCH_TERMS.people },
  { name: "records session period", path: "/api/records?sessionFrom=2025-03-01&sessionTo=2025-06-30", terms: SEARCH_TERMS.people },
  { name: "records without FSE", path: "/api/records?withoutFse=true", terms: SEARCH_TERMS.people },
  { name: "records AGORA failed", path: "/api/records?agoraFailed=true" },
  // Issue 40: what people sort by.
  { name: "trainees by birth name", path: "/api/trainees?sort=birthName&order=asc", terms: SEARCH_TERMS.people },
  { name: "records by trainee", path: "/api/records?sort=traineeName&order=asc", terms: SEARCH_TERMS.people },
  { name: "records by number", path: "/api/records?sort=agoraId&order=desc", terms: SEARCH_TERMS.people },
  { name: "records by session", path: "/api/records?sort=sessionStartDate&order=asc", terms: SEARCH_TERMS.people },
  { name: "sessions by training", path: "/api/sessions?sort=trainingName&order=asc", terms: SEARCH_TERMS.trainings },
  { name: "trainings by number", path: "/api/trainings?sort=number&order=asc", terms: SEARCH_TERMS.trainings },
];

export type Variant = "page 1" | "deep" | "deep keyset" | "search common" | "search rare";

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/**
 * The offset of the deep page for a caller who sees `total` rows. An estimated total (`capped`: more than 10,000 rows) may
 * overshoot the rows there are (the blocking filter: 64,398 estimated, 64,320 listed), and its last page would be empty: the
 * deep page is then taken at nine tenths of it.
 */
export function deepOffset(total: number, limit = PAGE_SIZE, capped = false): number {
  if (total >= DEEP_OFFSET + limit) return DEEP_OFFSET;
  return Math.max(0, Math.floor(((capped ? total * 0.9 : total) - 1) / limit) * limit);
}

/** The page before the deep one, whose `nextCursor` the "deep keyset" variant asks after (none when the deep page is the first). */
export function pageBeforeDeepPath(endpoint: ListEndpoint, total: number, capped = false): string | undefined {
  const offset = deepOffset(total, PAGE_SIZE, capped);
  return offset === 0 ? undefined : withQuery(endpoint.path, { offset: offset - PAGE_SIZE, limit: PAGE_SIZE });
}

/** The request path of a variant; the deep ones need the caller's total, "deep keyset" the cursor of the page before. */
export function variantPath(endpoint: ListEndpoint, variant: Variant, total = 0, cursor?: string, capped = false): string | undefined {
  if (endpoint.single) return variant === "page 1" ? endpoint.path : undefined;
  switch (variant) {
    case "page 1":
      return withQuery(endpoint.path, { offset: 0, limit: PAGE_SIZE });
    case "deep":
      return withQuery(endpoint.path, { offset: deepOffset(total, PAGE_SIZE, capped), limit: PAGE_SIZE });
    case "deep keyset":
      return cursor === undefined ? undefined : withQuery(endpoint.path, { offset: deepOffset(total, PAGE_SIZE, capped), limit: PAGE_SIZE, after: cursor });
    case "search common":
    case "search rare":
      if (!endpoint.terms) return undefined;
      return withQuery(endpoint.path, { offset: 0, limit: PAGE_SIZE, search: endpoint.terms[variant === "search common" ? "common" : "rare"] });
  }
}

export const VARIANTS: readonly Variant[] = ["page 1", "deep", "deep keyset", "search common", "search rare"];
