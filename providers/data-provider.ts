/**
 * Refine data provider over the API (design.md "API contract").
 *
 * - Lists: `pagination.currentPage`/`pageSize` become `offset`/`limit`; `metadata.pagination.totalCount` becomes `total`,
 *   and `totalCountCapped: true` (more than 10,000 rows, `total` is an estimate) is passed on as is. The page right after one
 *   answered is asked `after` its `nextCursor` too (keyset paging, list-cursors.ts).
 * - Filters: the filter on field "search" becomes the `search` query parameter (absent when empty);
 *   every other filter with a value is passed as a query parameter of its field name (e.g. freeTrainees, filterAnomalies).
 * - Sort: the one sorter becomes `sort` (its field) and `order` (asc|desc); none, the API's default order (most recently updated
 *   first). Keyset cursors are remembered per resource, filters, sort and page size: a new sort or filter starts without them.
 * - Answers and bodies are the JSON as it is: dates are strings both ways (`YYYY-MM-DD`, ISO 8601 instants), shaped by each
 *   route's answer schema (resources/common/wire.ts), whose output types are the SPA's types. No date conversion here.
 * - Errors: any non-2xx answer rejects with a Refine HttpError {message, statusCode, ...body} (body fields such as
 *   `details`, `details.agora` kept); 400 `details.fields` also fill `errors` so forms show them on their fields.
 */
import type { BaseRecord, CrudFilter, CrudSort, DataProvider, HttpError } from "@refinedev/core";
import type { z } from "zod";
import type { errorAnswer, listEnvelope } from "../resources/common/wire";
import { ListCursors } from "./list-cursors";

export const API_URL = "/api";
export const TOKEN_KEY = "token";

/** The session token lives in localStorage: it survives reloads and new tabs until it expires or the user logs out. */
export const tokenStore = {
  get: (): string | null => globalThis.localStorage?.getItem(TOKEN_KEY) ?? null,
  set: (token: string) => globalThis.localStorage?.setItem(TOKEN_KEY, token),
  clear: () => globalThis.localStorage?.removeItem(TOKEN_KEY),
};

/**
 * Every call to the API goes through apiFetch (or apiUpload, for an upload's progress): the page's other code calls neither
 * fetch nor XMLHttpRequest (eslint.config.js). When the API answers 401 to a signed-in call (its token refused, or gone: signed
 * out in another tab), `sessionRefusals` says so, and the authenticated layout signs the user out the way Refine does for a
 * failed list (src/layout/use-session-refusals.ts): a look-up, a download or an upload, the same.
 */
export const sessionRefusals = new EventTarget();
export const SESSION_REFUSED = "refused";

function refused(status: number, anonymous: boolean | undefined) {
  if (status === 401 && !anonymous) sessionRefusals.dispatchEvent(new Event(SESSION_REFUSED));
}

/** `/trainees`, `trainees` or `/api/trainees` → `/api/trainees`. */
const apiUrl = (path: string) => `${path.startsWith(API_URL + "/") || path === API_URL ? "" : API_URL}${path.startsWith("/") ? "" : "/"}${path}`;

/** A call to the API with the signed-in user's token (none for an anonymous one); rejects on a network failure like fetch. */
export async function apiFetch(
  path: string,
  init: Omit<RequestInit, "headers"> & { headers?: Record<string, string>; anonymous?: boolean } = {},
): Promise<Response> {
  const { anonymous, ...request } = init;
  const token = anonymous ? null : tokenStore.get();
  const headers = { ...request.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(apiUrl(path), { ...request, headers });
  refused(response.status, anonymous);
  return response;
}

/** A multipart upload with its progress (0–100); resolves with the answer's status and text, rejects on a network failure. */
export function apiUpload(path: string, body: FormData, onProgress: (percent: number) => void): Promise<{ status: number; text: string }> {
  const token = tokenStore.get();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", apiUrl(path));
    request.setRequestHeader("Accept", "application/json");
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      refused(request.status, false);
      resolve({ status: request.status, text: request.responseText });
    };
    request.onerror = () => reject(new Error("network"));
    request.send(body);
  });
}

export const NETWORK_ERROR_MESSAGE = "Le serveur est injoignable. Vérifiez votre connexion puis réessayez.";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

function toSearchParams(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The API's error answer; checked field by field below, since a proxy or a crash may answer anything. */
type ErrorBody = Partial<z.output<typeof errorAnswer>>;

function toHttpError(statusCode: number, body: unknown): HttpError {
  const fields: ErrorBody = body !== null && typeof body === "object" ? (body as ErrorBody) : {};
  const message = typeof fields.message === "string" && fields.message ? fields.message : `Erreur ${statusCode}`;
  const errors: Record<string, string> = {};
  for (const field of fields.details?.fields ?? []) {
    if (typeof field.path === "string" && typeof field.message === "string") errors[field.path] = field.message;
  }
  return { ...fields, message, statusCode, ...(Object.keys(errors).length ? { errors } : {}) };
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Login and password reset are anonymous calls. */
  anonymous?: boolean;
  /** Cancels the call (a lookup superseded by a newer one); it then rejects like a network failure. */
  signal?: AbortSignal;
}

/**
 * One API call: bearer token, JSON both ways. Resolves with the parsed body (null for 204),
 * rejects with an HttpError on any status outside 200–299 and on network failure (statusCode 0).
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await apiFetch(`${path}${toSearchParams(options.query)}`, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      anonymous: options.anonymous,
    });
  } catch {
    throw { message: NETWORK_ERROR_MESSAGE, statusCode: 0 } satisfies HttpError;
  }

  const text = response.status === 204 ? "" : await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = { message: text };
    }
  }
  if (!response.ok) throw toHttpError(response.status, body);
  return body as T;
}

/** The filter named "search" is the list's free-text search; the others are passed as they are. */
function filtersToQuery(filters: CrudFilter[] | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const filter of filters ?? []) {
    if (!("field" in filter)) continue;
    const value: unknown = filter.value;
    if (filter.field === "search") {
      const search = typeof value === "string" ? value.trim() : "";
      if (search) query.search = search;
      continue;
    }
    if (value === undefined || value === null || value === "") continue;
    query[filter.field] = value as QueryValue;
  }
  return query;
}

/** One sort at a time (issue 25): the first sorter, if any, as `sort` (its field) and `order` (asc|desc). */
function sortersToQuery(sorters: CrudSort[] | undefined): Record<string, QueryValue> {
  const [sorter] = sorters ?? [];
  return sorter ? { sort: sorter.field, order: sorter.order } : {};
}

/** A list's query without its page (`?search=…&filterAnomalies=true&sort=…&order=…`): what the list's export takes. */
export const listQueryString = (filters: CrudFilter[] | undefined, sorters?: CrudSort[]): string =>
  toSearchParams({ ...filtersToQuery(filters), ...sortersToQuery(sorters) });

type ListAnswer<T> = z.output<ReturnType<typeof listEnvelope<z.ZodType<T>>>>;

const listCursors = new ListCursors();

function listResult<TData>(answer: ListAnswer<TData>) {
  const counted = answer.metadata.pagination;
  return {
    data: answer.data,
    total: counted.totalCount,
    ...(counted.totalCountCapped ? { totalCountCapped: true } : {}),
  };
}

const resourcePath = (resource: string, id?: string | number) =>
  `/${resource}${id === undefined ? "" : `/${encodeURIComponent(String(id))}`}`;

export const dataProvider: DataProvider = {
  getApiUrl: () => API_URL,

  getList: async <TData extends BaseRecord = BaseRecord>({ resource, pagination, filters, sorters }: Parameters<DataProvider["getList"]>[0]) => {
    const { currentPage = 1, pageSize = 50, mode = "server" } = pagination ?? {};
    const filtering = { ...filtersToQuery(filters), ...sortersToQuery(sorters) };
    if (mode !== "server") return listResult(await apiRequest<ListAnswer<TData>>(resourcePath(resource), { query: filtering }));
    const offset = (currentPage - 1) * pageSize;
    const list = JSON.stringify([resource, filtering, pageSize]);
    const query = { offset, limit: pageSize, after: listCursors.get(list, offset), ...filtering };
    const answer = await apiRequest<ListAnswer<TData>>(resourcePath(resource), { query });
    const nextCursor = answer.metadata.pagination.nextCursor;
    if (nextCursor) listCursors.remember(list, offset + pageSize, nextCursor);
    return listResult(answer);
  },

  getOne: async <TData extends BaseRecord = BaseRecord>({ resource, id }: Parameters<DataProvider["getOne"]>[0]) => {
    const answer = await apiRequest<{ data: TData }>(resourcePath(resource, id));
    return { data: answer.data };
  },

  create: async <TData extends BaseRecord = BaseRecord>({ resource, variables }: Parameters<DataProvider["create"]>[0]) => {
    const answer = await apiRequest<{ data: TData }>(resourcePath(resource), { method: "POST", body: variables });
    return { data: answer.data };
  },

  update: async <TData extends BaseRecord = BaseRecord>({ resource, id, variables }: Parameters<DataProvider["update"]>[0]) => {
    const answer = await apiRequest<{ data: TData } | null>(resourcePath(resource, id), { method: "PATCH", body: variables });
    return { data: answer?.data ?? ({ id } as unknown as TData) };
  },

  deleteOne: async <TData extends BaseRecord = BaseRecord>({ resource, id }: Parameters<DataProvider["deleteOne"]>[0]) => {
    const answer = await apiRequest<{ data: TData } | null>(resourcePath(resource, id), { method: "DELETE" });
    return { data: answer?.data ?? ({ id } as unknown as TData) };
  },

  /** `url` is a path under /api (with or without the /api prefix); a list answer keeps its metadata. */
  custom: async <TData extends BaseRecord = BaseRecord>({ url, method, payload, query, headers, filters }: Parameters<NonNullable<DataProvider["custom"]>>[0]) => {
    const answer = await apiRequest<({ data: TData } & Record<string, unknown>) | null>(url, {
      method: method.toUpperCase() as RequestOptions["method"],
      query: { ...(query as Record<string, QueryValue> | undefined), ...filtersToQuery(filters) },
      body: payload,
      headers: headers as Record<string, string> | undefined,
    });
    return answer ?? { data: null as unknown as TData };
  },
};
