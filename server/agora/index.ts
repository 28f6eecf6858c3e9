import type { AppConfig } from "../config";
import { createAgoraHttpClient } from "./http-client";
import { createAgoraSimulator } from "./simulator/index";
import type { AgoraClient } from "./types";

export type { AgoraClient } from "./types";

export const createAgoraClient = (config: Pick<AppConfig, "agoraUrl" | "closedRecordMonths" | "clock">): AgoraClient =>
  config.agoraUrl
    ? createAgoraHttpClient(config.agoraUrl)
    : createAgoraSimulator({ closedRecordMonths: config.closedRecordMonths, now: config.clock });
