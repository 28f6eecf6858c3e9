/**
 * A local S3-protocol server (s3rver, from npm) on a free port, with one bucket, its objects in a temporary directory:
 * what MEDIA_STORAGE=s3 talks to in the tests. s3rver checks request signatures against its fixed key pair.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no type declarations; its use here is four calls.
import S3rver from "@20minutes/s3rver";
import type { MediaStorageConfig } from "../../server/config";

export interface TestS3 {
  storage: Extract<MediaStorageConfig, { kind: "s3" }>;
  /** The variables a server process reads for the same bucket. */
  env: Record<string, string>;
  /** The keys stored in the bucket now (s3rver keeps each object as files under its directory). */
  keys(): string[];
  close(): Promise<void>;
}

const BUCKET = "medias-test";

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    storage: { kind: "s3", bucket: BUCKET, endpoint, region: "us-east-1", credentials },
    env: {
      MEDIA_STORAGE: "s3",
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    keys: () =>
      fs
        .readdirSync(path.join(directory, BUCKET))
        .filter((name) => name.endsWith("._S3rver_object"))
        .map((name) => name.replace(/\._S3rver_object$/, "")),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
