import type { FastifyPluginAsync } from "fastify";
import { healthRoutes } from "./health";

/** Every route module, mounted under /api. A new resource adds its line here. */
export const registerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
};
