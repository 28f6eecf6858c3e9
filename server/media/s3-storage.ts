/**
 * Media files as objects of one S3-compatible bucket (MEDIA_STORAGE=s3): what several instances share, where the local
 * disk of one is not seen by the others. @aws-sdk/client-s3, loaded only when this storage is chosen (server/media/plugin.ts).
 */
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { MediaStorageConfig } from "../config";
import { assertSafeStorageKey, StoredFileMissingError, type MediaStorage } from "./storage";

type S3Config = Extract<MediaStorageConfig, { kind: "s3" }>;

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** The whole content in memory: an upload is at most 20 MB (MEDIA_MAX_BYTES), and S3 wants its length before the first byte. */
async function collect(content: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return content;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export function createS3Storage(config: S3Config): MediaStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's newer default ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;

  return {
    async put(key, content) {
      assertSafeStorageKey(key);
      // The object appears whole or not at all (S3 semantics): a content that fails while read is never sent.
      const Body = await collect(content);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body, ContentLength: Body.length, ContentType: "application/pdf" }));
    },

    async open(key) {
      assertSafeStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) throw new Error("Réponse S3 sans contenu lisible");
        return answer.Body;
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissingError(key);
        throw error;
      }
    },

    async remove(key) {
      assertSafeStorageKey(key);
      // S3 answers a missing key's deletion as a success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertSafeStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
