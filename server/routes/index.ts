import type { FastifyPluginAsync } from "fastify";
import { authSessionRoutes } from "./auth-sessions";
import { employeeRoutes } from "./employees";
import { healthRoutes } from "./health";
import { organizationRoutes } from "./organizations";
import { traineeRoutes } from "./trainees";
import { trainingRoutes } from "./trainings";
import { userRoutes } from "./users";

/** Every route module, mounted under /api. A new resource adds its line here. */
export const registerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(organizationRoutes);
  await app.register(employeeRoutes);
  await app.register(authSessionRoutes);
  await app.register(userRoutes);
  await app.register(traineeRoutes);
  await app.register(trainingRoutes);
};
