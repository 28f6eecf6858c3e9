import type { FastifyPluginAsync } from "fastify";
import { authSessionRoutes } from "./auth-sessions";
import { bilanMailRoutes } from "./bilan-mails";
import { employeeRoutes } from "./employees";
import { healthRoutes } from "./health";
import { listExportRoutes } from "./list-exports";
import { mediaRoutes } from "./medias";
import { organizationRoutes } from "./organizations";
import { qualityRoutes } from "./quality";
import { recordFseRoutes } from "./record-fse";
import { recordFseExportRoutes } from "./record-fse-export";
import { recordRoutes } from "./records";
import { sessionDocumentRoutes } from "./session-documents";
import { sessionRoutes } from "./sessions";
import { traineeRoutes } from "./trainees";
import { todoRoutes } from "./todo";
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
  await app.register(sessionRoutes);
  await app.register(sessionDocumentRoutes);
  await app.register(bilanMailRoutes);
  await app.register(recordRoutes);
  await app.register(recordFseRoutes);
  await app.register(recordFseExportRoutes);
  await app.register(listExportRoutes);
  await app.register(qualityRoutes);
  await app.register(mediaRoutes);
  await app.register(todoRoutes);
};
