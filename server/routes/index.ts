import type { FastifyPluginAsync } from "fastify";
import { authSessionRoutes } from "./auth-sessions";
import { healthRoutes } from "./health";
import { userRoutes } from "./users";

/** Every route module, mounted under /api. A new resource adds its line here. */
export const registerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authSessionRoutes);
  await app.register(userRoutes);
};
