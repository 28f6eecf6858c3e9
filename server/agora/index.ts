import type { AppConfig } from "../config";
import { connect } from "../db/connection";
import { createAgoraHttpClient } from "./http-client";
import { createAgoraSimulator } from "./simulator/index";
import { withTimeouts } from "./timeouts";
import type { AgoraClient } from "./types";

export type { AgoraClient } from "./types";

/** AGORA_TIMEOUT_MS when unset: connection and answer of one call. */
export const DEFAULT_AGORA_TIMEOUT_MS = 10_000;

/**
 * The HTTP adapter when AGORA_URL is set, else the simulator, which keeps its state in the product's database through a pool of
 * its own (the product's connections can be lost or cut in tests without AGORA losing its own). Every call bounded in time.
 */
export function createAgoraClient(
  config: Pick<AppConfig, "agoraUrl" | "closedRecordMonths" | "clock" | "databaseUrl" | "agoraTimeoutMs">,
): AgoraClient {
  const timeoutMs = config.agoraTimeoutMs ?? DEFAULT_AGORA_TIMEOUT_MS;
  if (config.agoraUrl) return withTimeouts(createAgoraHttpClient(config.agoraUrl), timeoutMs);
  const { pool, db } = connect(config.databaseUrl, { applicationName: "agora-simulator", statementTimeoutMs: 0 });
  const simulator = createAgoraSimulator(db, {
    closedRecordMonths: config.closedRecordMonths,
    now: config.clock,
    slowAnswerMs: timeoutMs + 1_000,
  });
  return withTimeouts({ ...simulator, close: () => pool.end() }, timeoutMs);
}
