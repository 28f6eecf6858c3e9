import multipart, { type Multipart, type MultipartFile } from "@fastify/multipart";
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dataEnvelope } from "../../resources/common/wire";
import { MEDIA_MAX_BYTES, MEDIA_MSG, temporaryMediaAnswer, type TemporaryMedia } from "../../resources/medias/schema";
import { callerOf, requireAccess } from "../auth/guard";
import { ApiError, badRequest } from "../http/errors";
import { tooLarge } from "../media/pdf-upload";
import { admitUploads } from "../media/upload-limits";

/** Room for the multipart framing around the file (boundaries, part headers, the few small fields allowed). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const PART_LIMIT_CODES = new Set(["FST_PARTS_LIMIT", "FST_FIELDS_LIMIT", "FST_FILES_LIMIT"]);

/**
 * One file and a few small fields. The file limit is one byte over the maximum on purpose: the upload check
 * (media/pdf-upload.ts) then sees the excess and answers 413, where busboy would silently cut the file at the limit.
 * Two files are let through busboy so that the route, not a race with busboy's cleanup, refuses the second one.
 */
const UPLOAD_LIMITS = { fileSize: MEDIA_MAX_BYTES + 1, files: 2, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 };

const UPLOAD_BODY_LIMIT = MEDIA_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
const declaredOversize = (request: FastifyRequest) => Number(request.headers["content-length"] ?? 0) > UPLOAD_BODY_LIMIT;

/** A declared length beyond any acceptable upload is refused before a byte of the body is read. */
const refuseDeclaredOversize: onRequestAsyncHookHandler = async (request) => {
  if (declaredOversize(request)) throw tooLarge();
};

/**
 * Reads what is left of a refused body, up to the upload limit: a client that writes its whole body before reading the answer
 * (node's fetch) then gets the 415/413 rather than a broken pipe, and the connection stays usable. False when the body goes on
 * past the limit (then the connection is closed).
 */
async function drainBody(request: FastifyRequest): Promise<boolean> {
  const body = request.raw;
  let read = 0;
  body.resume();
  for await (const chunk of body as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read > UPLOAD_BODY_LIMIT) return false;
  }
  return true;
}

/** The next part of the body; @fastify/multipart's own errors (English, some 406/500) turned into French 4xx. */
async function nextPart(parts: AsyncIterableIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    const next = await parts.next();
    return next.done ? undefined : next.value;
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") throw new ApiError(415, MEDIA_MSG.notMultipart);
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (typeof code === "string" && PART_LIMIT_CODES.has(code)) throw new ApiError(413, MEDIA_MSG.tooManyParts);
    // Malformed bodies (busboy's plain errors, a prototype field name): the caller sent something unusable.
    throw badRequest(MEDIA_MSG.malformed);
  }
}

/**
 * The file part's bytes. A body that breaks off or is malformed inside the file fails the part's stream (busboy's error,
 * or a premature close): the caller's fault, answered 400 rather than a 500 logged as a defect.
 */
async function* partContent(part: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* part;
  } catch {
    throw badRequest(MEDIA_MSG.malformed);
  }
}

/**
 * Reads the body to its end: exactly one file, in the field `file`, saved by `save` as it streams; the saved media is
 * removed again if anything after it is refused (a second file, too many fields, a broken end).
 */
async function receiveOneFile(
  request: FastifyRequest,
  save: (file: MultipartFile) => Promise<TemporaryMedia>,
  discard: (saved: TemporaryMedia) => Promise<void>,
): Promise<TemporaryMedia> {
  const parts = request.parts();
  let saved: TemporaryMedia | undefined;
  try {
    for (let part = await nextPart(parts); part; part = await nextPart(parts)) {
      if (part.type !== "file") continue;
      if (saved || part.fieldname !== "file") throw badRequest(MEDIA_MSG.oneFileOnly);
      saved = await save(part);
    }
  } catch (error) {
    if (saved) await discard(saved);
    throw error;
  }
  if (!saved) throw badRequest(MEDIA_MSG.missingFile);
  return saved;
}

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, in this plugin's scope only: no other route parses multipart bodies. Parsing starts in the handler,
  // after the onRequest guards: an anonymous or forbidden upload is refused before its body is read.
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  // An answer given before the whole body arrived (415, 413, a broken part) first reads the rest of a body of acceptable size;
  // a declared oversize (or an anonymous or forbidden call, refused before anything is read), or a body going on past the
  // limit, closes the connection instead: the rest is neither read nor waited for.
  app.addHook("onSend", async (request, reply) => {
    if (request.raw.complete) return;
    if (request.caller === undefined || reply.statusCode === 401 || reply.statusCode === 403 || declaredOversize(request) || !(await drainBody(request))) {
      reply.header("connection", "close");
    }
  });

  app.post(
    "/medias/temporary",
    {
      onRequest: [requireAccess("sessions", "edit"), refuseDeclaredOversize, admitUploads(app)],
      schema: {
        tags: ["fichiers"],
        summary: "Dépose un PDF (champ multipart « file », 20 Mo au plus) : média temporaire, rattaché par la modification d'une session",
        consumes: ["multipart/form-data"],
        response: { 201: dataEnvelope(temporaryMediaAnswer) },
      },
    },
    async (request, reply) => {
      const callerId = callerOf(request).id;
      const saved = await receiveOneFile(
        request,
        (file) => app.media.saveTemporary(partContent(file.file), file.filename, callerId),
        (media) => app.media.remove([media.id]),
      );
      return reply.status(201).send({ data: saved });
    },
  );
};
