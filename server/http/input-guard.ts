import { errorCodes, type FastifyInstance, type FastifyRequest } from "fastify";
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter } from "../../resources/common/text";
import { badRequest, VALIDATION_MESSAGE } from "./errors";

export const INVALID_REQUEST_MESSAGE = "Requête invalide";

/** Containers nested deeper than this are refused (the API's own bodies nest three or four levels). */
export const MAX_DEPTH = 64;
/** Values (params, query and body together) beyond this are refused (the largest real body holds a few hundred). */
export const MAX_VALUES = 10_000;
/** Routes open to anonymous callers take small bodies (e-mail, password, token): far above any real one. */
export const ANONYMOUS_BODY_LIMIT = 16 * 1024;


/**
 * Depth and count of a JSON text before parsing it, stopping at the first limit crossed: JSON.parse of a 2 MB body of
 * a million values or nestings costs 20–300 ms of event loop, while this stops after a few kilobytes of such a body.
 * Strings are skipped with indexOf, so a long legitimate string costs next to nothing.
 */
function jsonTextWithinLimits(text: string): boolean {
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Jump to the closing quote: one not preceded by an odd number of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1) {
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return true; // Unterminated: JSON.parse refuses it cheaply.
      i = end;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > MAX_DEPTH || ++values > MAX_VALUES) return false;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    } else if (c === 0x2c /* , */ && ++values > MAX_VALUES) {
      return false;
    }
  }
  return true;
}

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

/**
 * One iterative walk of what a request carries: 400 'Requête invalide' beyond the depth or value budget, else the path
 * ("body.address.city") of the first string holding a forbidden character, if any.
 */
function inspect(request: FastifyRequest): string | undefined {
  const stack: Pending[] = [
    { value: request.body, path: "body", depth: 0 },
    { value: request.query, path: "querystring", depth: 0 },
    { value: request.params, path: "params", depth: 0 },
  ];
  let values = 0;
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (++values > MAX_VALUES) throw badRequest(INVALID_REQUEST_MESSAGE);
    const { value, path, depth } = item;
    if (typeof value === "string") {
      // Line breaks pass here (multi-line texts hold them): the single-line fields' schemas refuse them with the same message.
      if (hasForbiddenCharacter(value, { multiline: true })) return path;
    } else if (typeof value === "object" && value !== null) {
      if (depth + 1 > MAX_DEPTH) throw badRequest(INVALID_REQUEST_MESSAGE);
      // Reversed so that fields come out in their order and the first bad one is reported.
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: `${path}.${entries[i]![0]}`, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Bounds what any caller, signed in or not, can make the server do with a body, a query string or path parameters,
 * and refuses characters no text field may hold. The route guards run before (onRequest): a caller without a
 * `caller` at parsing time is anonymous.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const anonymousBodyTooLarge = (request: FastifyRequest, length: number) => !request.caller && length > ANONYMOUS_BODY_LIMIT;
  // Refused before reading when the length is declared; a chunked body is counted once read, before parsing.
  app.addHook("preParsing", async (request) => {
    if (anonymousBodyTooLarge(request, Number(request.headers["content-length"] ?? 0))) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
  });
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body: Buffer, done) => {
    if (anonymousBodyTooLarge(request, body.length)) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    const text = body.toString("utf8");
    if (!jsonTextWithinLimits(text)) return done(badRequest(INVALID_REQUEST_MESSAGE), undefined);
    parseJson(request, text, done);
  });

  app.addHook("preValidation", async (request) => {
    const path = inspect(request);
    if (path) throw badRequest(VALIDATION_MESSAGE, { fields: [{ path, message: FORBIDDEN_CHARACTER_MESSAGE }] });
  });
}
