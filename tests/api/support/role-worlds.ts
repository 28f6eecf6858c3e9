/**
 * For each role, rows inside its scope to aim every route at, and a valid request for any route: what "may call" means in the
 * role × route matrix (tests/api/role-matrix.test.ts) — the route's documented success, not merely "not refused".
 *
 * A route is called with its path parameters taken from the role's rows by name (`trainingId`, `recordId`…); a DELETE removes a
 * row made for it. Its body is VALID_BODIES' (support/valid-bodies.ts), its query VALID_QUERIES'. A new GET route whose
 * parameters are known needs nothing more; a new route with a body or a query needs its line there.
 */
import type { FsePeriod } from "../../../resources/fse/enums";
import { FSE_PERIOD_ORDER } from "../../../resources/fse/enums";
import { ASSIGNABLE_ROLES, CDC_ROLES, OF_ROLES, type RoleId } from "../../../resources/permissions";
import type { RecordStatus } from "../../../resources/records/enums";
import type { DeclaredRoute } from "../../../server/auth/route-access";
import { routeName } from "./api-routes";
import { pdfUpload, SMALL_PDF } from "./multipart";
import { sessionBody, temporaryMedia } from "./sessions";
import type { TestApp, TestEmployee } from "./test-app";
import { traineeBody } from "./trainees";
import { training, VALID_BODIES, type BodyContext } from "./valid-bodies";

/** The query strings routes need (the AGORA look-ups' fixtures, an FSE period, a postal code). */
export const VALID_QUERIES: Record<string, string> = {
  "GET /api/trainees/agora": "ssn=2850275123456&birthName=DURAND",
  "GET /api/recordFse/export": "period=INPUT",
  "GET /api/communes": "postalCode=75005",
};

/** Bodies that are not JSON. */
const UPLOADS: Record<string, () => { payload: Buffer; headers: Record<string, string> }> = {
  "POST /api/medias/temporary": () => pdfUpload(SMALL_PDF),
};

export interface RoleWorld {
  role: RoleId;
  caller: TestEmployee;
  headers: Record<string, string>;
  /** Rows in the role's scope, by path parameter name. */
  ids: Record<string, string>;
  /** What the body builders need that does not change (the rest is read when a body is built). */
  context: Omit<BodyContext, "freeTraineeId" | "recordStatus" | "fsePeriod">;
}

export interface ValidRequest {
  method: DeclaredRoute["method"];
  url: string;
  headers: Record<string, string>;
  payload?: Buffer | Record<string, unknown>;
}


/** Writes that take no body (the path says everything). */
const BODILESS_ROUTES = ["POST /api/sessions/:sessionId/bilan-mails", "POST /api/supervision/jobs/:jobId/retry", "POST /api/supervision/exchanges/:exchangeId/reconcile"];

const VALIDATED_BILAN = { objective: "Former des soudeurs", targetedQualification: "Titre professionnel", level: "LEVEL_3", improvements: "", validatedAssessment: true };

/** Builds each role's rows through the API as the super administrator (the rows are what the routes write). */
export function roleWorlds(t: TestApp, admin: TestEmployee) {
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: "POST", url, headers: await t.auth(admin), payload });
    if (res.statusCode !== 201) throw new Error(`Préparation ${url} : ${res.statusCode} ${res.body}`);
    return res.json<{ data: { id: string } }>().data.id;
  };

  const patch = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: "PATCH", url, headers: await t.auth(admin), payload });
    if (res.statusCode !== 200) throw new Error(`Préparation ${url} : ${res.statusCode} ${res.body}`);
  };

  /** Rows a route needs in a state of their own, in the role's scope (the world's are left as other routes need them). */
  /** Supervision's rows: a failed job, an unsettled exchange (each call takes a fresh one: retry and abandon settle theirs). */
  const failedJob = async () =>
    (await t.query<{ id: string }>(`insert into jobs (id, queue, payload, state, attempts, last_error, finished_at)
      values (replace(gen_random_uuid()::text, '-', ''), 'mail.send', '{}', 'failed', 3, 'erreur lors de l''envoi', now()) returning id`))[0]!.id;
  const unsettledExchange = async () =>
    (await t.query<{ id: string }>(`insert into agora_exchanges (id, idempotency_key, kind, payload, employee_name)
      values (replace(gen_random_uuid()::text, '-', ''), gen_random_uuid()::text, 'REPUSH', '{"kind":"REPUSH"}', 'Fixture') returning id`))[0]!.id;

  const ROUTE_ROWS: Record<string, (world: RoleWorld) => Promise<Record<string, string>>> = {
    "POST /api/supervision/jobs/:jobId/retry": async () => ({ jobId: await failedJob() }),
    "POST /api/supervision/exchanges/:exchangeId/reconcile": async () => ({ exchangeId: await unsettledExchange() }),
    "POST /api/supervision/exchanges/:exchangeId/abandon": async () => ({ exchangeId: await unsettledExchange() }),
    // A bilan mail is re-sent only once the bilan is validated (which locks the bilan the session PATCH still changes).
    // It goes to the contracting organisation's e-mail, and not while the previous mail is still waiting to be sent.
    "POST /api/sessions/:sessionId/bilan-mails": async (world) => {
      await t.query("update organizations set email = 'bilans@organisme.test' where id = $1", [world.context.contractingOrganizationId]);
      const sessionId = await post("/api/sessions", sessionBody(world.ids.trainingId!));
      await patch(`/api/sessions/${sessionId}`, { result: { ...VALIDATED_BILAN } });
      await t.app.mailer.flush();
      return { sessionId };
    },
  };

  /** The role's organisation is the educational one for training-organisation roles, the contracting one otherwise. */
  async function build(role: RoleId): Promise<RoleWorld> {
    const own = await t.organization();
    const other = await t.organization();
    const caller = await t.employee(role, [own]);
    const sides = OF_ROLES.includes(role) ? { educationalOrganizationId: own, contractingOrganizationId: other } : { educationalOrganizationId: other, contractingOrganizationId: own };
    const healthcareSocial = role === "rol_gest-cdcss";
    const trainingId = await post("/api/trainings", training({ ...sides, healthcareSocial }));
    const sessionId = await post("/api/sessions", sessionBody(trainingId));
    const mediaId = await temporaryMedia(t, admin.id);
    const held = await t.app.inject({ method: "PATCH", url: `/api/sessions/${sessionId}`, headers: await t.auth(admin), payload: { medias: { kairosCertificate: { id: mediaId } } } });
    if (held.statusCode !== 200) throw new Error(`Préparation du document de la session : ${held.statusCode} ${held.body}`);
    const traineeId = await post("/api/trainees", traineeBody());
    const recordId = await post("/api/records", { traineeId, sessionId });
    // Validated through AGORA (the simulator keeps each file's status), so that it can change status and be re-pushed.
    await patch(`/api/records/${recordId}/status`, { status: "VALIDATED" });
    const recordFseId = await post("/api/recordFse", { recordId, information: VALID_BODIES["POST /api/recordFse"]!.build({ fseRecordId: recordId, fsePeriod: "INPUT" } as BodyContext).information as Record<string, unknown> });
    const colleague = await t.employee(CDC_ROLES.includes(role) ? "rol_gest-cdc" : "rol_gest-of", [own]);
    const [{ siret }] = (await t.query<{ siret: string }>("select siret from organizations where id = $1", [own])) as [{ siret: string }];
    return {
      role,
      caller,
      headers: await t.auth(caller),
      ids: { organizationId: own, employeeId: colleague.id, traineeId, trainingId, sessionId, mediaId, recordId, recordFseId, month: "2026-01", reference: "F2026001-A01" },
      context: { role, email: caller.email, organizationId: own, ...sides, targetSiret: siret, trainingId, sessionId, fseRecordId: recordId, healthcareSocial, mediaId },
    };
  }

  /** A fresh row of the kind the DELETE route removes, in the role's scope. */
  async function deletable(world: RoleWorld, param: string): Promise<string> {
    switch (param) {
      case "organizationId":
        return t.organization();
      case "employeeId": {
        const assignable = ASSIGNABLE_ROLES[world.role];
        return (await t.employee(assignable[assignable.length - 1] ?? "rol_gest-of", [world.ids.organizationId!])).id;
      }
      case "traineeId":
        return post("/api/trainees", traineeBody());
      case "trainingId":
        return post("/api/trainings", training(world.context));
      case "sessionId":
        return post("/api/sessions", sessionBody(world.ids.trainingId!));
      default:
        throw new Error(`Aucune ligne à supprimer pour :${param} : l'ajouter dans support/role-worlds.ts`);
    }
  }

  /** What the body builders need now: a free trainee, the record's current status, the next survey period. */
  async function bodyContext(world: RoleWorld): Promise<BodyContext> {
    const recordId = world.ids.recordId!;
    const [{ status }] = (await t.query<{ status: RecordStatus }>("select status from records where id = $1", [recordId])) as [{ status: RecordStatus }];
    const filled = (await t.query<{ period: FsePeriod }>("select period from record_fse where record_id = $1", [recordId])).map((r) => r.period);
    return {
      ...world.context,
      freeTraineeId: await post("/api/trainees", traineeBody()),
      recordStatus: status,
      fsePeriod: FSE_PERIOD_ORDER.find((period) => !filled.includes(period)) ?? "AFTER_SIX_MONTH",
    };
  }

  /** A request the route accepts from this role. */
  async function validRequest(world: RoleWorld, route: DeclaredRoute): Promise<ValidRequest> {
    const name = routeName(route);
    const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const removed = route.method === "DELETE" ? params[params.length - 1] : undefined;
    const values: Record<string, string> = { ...world.ids, ...(await ROUTE_ROWS[name]?.(world)) };
    if (removed) values[removed] = await deletable(world, removed);
    const missing = params.filter((param) => !values[param]);
    if (missing.length) throw new Error(`${name} : aucune ligne pour ${missing.join(", ")} dans support/role-worlds.ts`);
    const path = route.url.replace(/:(\w+)/g, (_m, param: string) => encodeURIComponent(values[param]!));
    const query = VALID_QUERIES[name];
    const url = query ? `${path}?${query}` : path;
    const upload = UPLOADS[name];
    if (upload) {
      const { payload, headers } = upload();
      return { method: route.method, url, headers: { ...world.headers, ...headers }, payload };
    }
    const body = VALID_BODIES[name];
    if (!body && !BODILESS_ROUTES.includes(name) && (route.method === "POST" || route.method === "PATCH" || route.method === "PUT")) {
      throw new Error(`${name} : pas de corps valide dans support/valid-bodies.ts`);
    }
    return { method: route.method, url, headers: world.headers, ...(body ? { payload: body.build(await bodyContext(world)) } : {}) };
  }

  return { build, validRequest };
}
