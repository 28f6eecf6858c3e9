/**
 * An app whose AGORA is a stand-in the test drives (issue 38's busy and conflicting answers), with an admin, a gest-of of the
 * educational organisation and a session of theirs.
 */
import { startAgoraStandIn, type AgoraStandIn } from "./agora-stand-in";
import { restartApp } from "./exchanges";
import { trainingWithSession } from "./records";
import { createTestApp, type TestApp, type TestEmployee } from "./test-app";

export interface StandInWorld {
  t: TestApp;
  standIn: AgoraStandIn;
  admin: TestEmployee;
  gest: TestEmployee;
  sessionId: string;
}

export async function standInWorld(): Promise<StandInWorld> {
  const t = await createTestApp({ agoraTimeoutMs: 2_000 });
  const standIn = await startAgoraStandIn(t.databaseUrl);
  t.config.agoraUrl = standIn.url;
  await restartApp(t);
  const organizations = { educational: await t.organization(), contracting: await t.organization() };
  const admin = await t.employee("rol_admin", []);
  const gest = await t.employee("rol_gest-of", [organizations.educational]);
  const { sessionId } = await trainingWithSession(t, admin, organizations);
  return { t, standIn, admin, gest, sessionId };
}
