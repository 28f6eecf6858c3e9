/**
 * Records made through the API for a test's own use (never another test's rows): one fresh record per call, with a
 * unique name to find it by the list's search. Made by an administrator, in the demo organisations; `apiRecords(request)`
 * binds them to a request context (the `api` fixture of fixtures.ts).
 */
import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import type { RoleId } from "../../../resources/permissions";
import { createRecord, type RecordOverrides } from "./api-training-records";
import { withLuhnKey } from "../../support/sirets";
import { apiHeaders } from "./auth";

let seq = 0;
/** Unique within the run: time, worker-independent randomness and a counter. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}${seq++}`.toUpperCase();

/** A trainee's name takes letters only (docs/decisions/0001-noms-alphabet-latin.md): each digit written as a letter (0 → A…). */
export const lettersOnly = (text: string) => text.replace(/\d/g, (digit) => "ABCDEFGHIJ"[Number(digit)]!);

/** Digits unique within the run (a SIRET, a NIR): the clock's last digits, then random ones. */
const uniqueDigits = (clockDigits: number, randomDigits: number) =>
  String(Date.now()).slice(-clockDigits) + String(Math.floor(Math.random() * 10 ** randomDigits)).padStart(randomDigits, "0");

/**
 * A SIRET no organisation has: 13 unique digits and the right Luhn key (the API takes any 14 digits, but the data-quality gate
 * refuses to push a record of an organisation whose key is wrong, and its form warns about it).
 */
export const uniqueSiret = () => withLuhnKey(uniqueDigits(9, 4));

/** SIRETs of demo organisations (server/db/demo/organizations.ts): a SIRET finds exactly one. */
const DEMO_SIRETS = { afpa: "82409153600014", regionIdf: "23750007900312" } as const;

export interface ApiEmployee {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface ApiOrganization {
  id: string;
  name: string;
  siret: string;
}

export interface ApiTrainee {
  id: string;
  firstName: string;
  lastName: string;
  birthName: string;
  birthDate: string;
  ssn: string;
  email: string;
  bornInFrance: boolean;
  department: string | null;
  situation: string | null;
}

export interface ApiFunder {
  fundingType: string;
  fundingSource: string;
  vat: boolean;
  estimatedAmountCoveredTaxFree?: number | null;
  estimatedAmountCoveredIncludingTaxes?: number | null;
  estimatedAmountOfSubsidy?: number | null;
}

export interface ApiTraining {
  id: string;
  information: {
    name: string;
    number: string;
    actionNumber: string;
    device: string;
    healthcareSocial: boolean;
    cpfCode: string;
    coverageOfEducationalCostsForCPFHours: number;
  };
  funders: ApiFunder[];
  sessionsCount: number;
}

/**
 * The training's fields a test may set (a shared number, a name, a device, a market number, FSE); the organisations are the
 * demo AFPA and Région IDF unless `educationalOrganizationId` names another.
 */
export type TrainingOverrides = Partial<Pick<ApiTraining["information"], "name" | "number" | "actionNumber" | "device">> & {
  marketNumber?: string;
  fse?: boolean;
  educationalOrganizationId?: string;
  /** The training place (none by default); a record's push needs one (TRAINING_PLACE of api-training-records.ts). */
  address?: object;
};

const ADMIN: RoleId = "rol_admin";
const DEFAULT_FUNDERS: ApiFunder[] = [
  { vat: true, fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", estimatedAmountCoveredTaxFree: 1000, estimatedAmountCoveredIncludingTaxes: 1200 },
];

async function post<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.post(path, { headers: await apiHeaders(request, ADMIN), data });
  expect(res.status(), `POST ${path} : ${await res.text()}`).toBe(201);
  return ((await res.json()) as { data: T }).data;
}

/** GET as an administrator, the answer as it comes (a test may expect a 404). */
async function apiGet(request: APIRequestContext, path: string): Promise<APIResponse> {
  return request.get(path, { headers: await apiHeaders(request, ADMIN) });
}

/** The record at `path` (`/api/trainees/…`), which must exist. */
async function readRecord<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await apiGet(request, path);
  expect(res.status(), `GET ${path} : ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Lists that answer their columns only (`trainingListItemAnswer`): the record found is then read whole from its own page. */
const LISTS_OF_COLUMNS = new Set(["trainings"]);

/** The first record a list search finds (`resource`: "trainees", "trainings"…), undefined when none. */
async function findRecord<T>(request: APIRequestContext, resource: string, search: string): Promise<T | undefined> {
  const rows = await readRecord<(T & { id: string })[]>(request, `/api/${resource}?search=${encodeURIComponent(search)}`);
  const first = rows[0];
  return first && LISTS_OF_COLUMNS.has(resource) ? readRecord<T>(request, `/api/${resource}/${first.id}`) : first;
}

async function demoOrganizationId(request: APIRequestContext, siret: string): Promise<string> {
  const organization = await findRecord<ApiOrganization>(request, "organizations", siret);
  if (!organization) throw new Error(`Organisme de démonstration absent : ${siret}`);
  return organization.id;
}

export type EmployeeOverrides = Partial<Pick<ApiEmployee, "firstName" | "lastName">> & { roleId?: RoleId; organizationIds?: string[] };

/** Zoé E2E…, a gest-of of the demo AFPA, with a unique e-mail; `fields` may change the names, the role, the organisations. */
async function createEmployee(request: APIRequestContext, fields: EmployeeOverrides = {}) {
  const unique = `E2E${uniqueSuffix()}`;
  return post<ApiEmployee>(request, "/api/employees", {
    firstName: fields.firstName ?? "Zoé",
    lastName: fields.lastName ?? unique,
    email: `${unique.toLowerCase()}@e2e.test`,
    phoneNumber: null,
    gender: "FEMALE",
    roleId: fields.roleId ?? "rol_gest-of",
    organizationIds: fields.organizationIds ?? [await demoOrganizationId(request, DEMO_SIRETS.afpa)],
  });
}

async function createOrganization(request: APIRequestContext, name = `ORGANISME E2E ${uniqueSuffix()}`, siret = uniqueSiret()) {
  return post<ApiOrganization>(request, "/api/organizations", {
    name,
    siret,
    address: { city: "Nantes", zipCode: "44000", streetName: "de la Loire" },
  });
}

/** Zoé ECE…, born in Lyon on 17/05/1990, with a NIR no demo trainee and no simulator person has (the API takes it unverified). */
async function createTrainee(request: APIRequestContext, lastName?: string, ssn?: string) {
  const name = lettersOnly(`E2E${uniqueSuffix()}`);
  return post<ApiTrainee>(request, "/api/trainees", {
    firstName: "Zoé",
    lastName: lastName ?? name,
    birthName: name,
    email: `${name.toLowerCase()}@e2e.test`,
    phoneNumber: null,
    gender: "FEMALE",
    ssn: ssn ?? `4${uniqueDigits(8, 4)}`,
    birthDate: "1990-05-17",
    address: { streetNumber: "8", streetType: "RUE", streetName: "des Lilas", zipCode: "69003", city: "Lyon" },
    department: "D69",
    situation: "SINGLE",
  });
}

/** A training between the demo AFPA and Région Île-de-France, funded by the region unless `funders` are given. */
async function createTraining(request: APIRequestContext, information: TrainingOverrides = {}, funders: ApiFunder[] = DEFAULT_FUNDERS) {
  return post<ApiTraining>(request, "/api/trainings", {
    information: {
      name: `Formation E2E ${uniqueSuffix()}`,
      number: `E2E${uniqueSuffix()}`,
      actionNumber: "A01",
      address: null,
      objective: "CertifiedTraining",
      device: "REGIONAL_TRAINING_PROGRAM",
      type: "CERTIFYING",
      forecastedCenterHourDuration: 300,
      forecastedCompanyHourDuration: 70,
      educationalOrganizationId: await demoOrganizationId(request, DEMO_SIRETS.afpa),
      contractingOrganizationId: await demoOrganizationId(request, DEMO_SIRETS.regionIdf),
      ...information,
    },
    funders,
  });
}

export interface ApiSession {
  id: string;
  training: { id: string; information: { name: string; number: string } };
  information: { startDate: string; endDate: string; capacity: number | null; purchasingUnit: string; actualOrCalculatedEducationalCost: string };
}

/** The information a test may set (dates `YYYY-MM-DD`, capacity, prices…); the rest has valid defaults. */
export type SessionOverrides = Partial<Record<"startDate" | "endDate" | "purchasingUnit" | "actualOrCalculatedEducationalCost", string>> &
  Partial<Record<"capacity" | "totalPricePerPersonIncludingTaxes" | "totalPricePerPersonTaxFree", number | null>>;

/** A session of `trainingId` (a fresh training of its own when omitted), from 05/01/2026 to 20/03/2026 unless `information` says otherwise. */
async function createSession(request: APIRequestContext, information: SessionOverrides = {}, trainingId?: string) {
  return post<ApiSession>(request, "/api/sessions", {
    trainingId: trainingId ?? (await createTraining(request)).id,
    information: {
      startDate: "2026-01-05",
      endDate: "2026-03-20",
      capacity: 12,
      totalPricePerPersonIncludingTaxes: 1200,
      totalPricePerPersonTaxFree: 1000,
      purchasingUnit: "HOUR_PER_TRAINEE",
      actualOrCalculatedEducationalCost: "ACTUAL_COST",
      ...information,
    },
  });
}

/** PATCH as an administrator (a session's bilan or documents set up for a test), the answer's data. */
async function patch<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.patch(path, { headers: await apiHeaders(request, ADMIN), data });
  expect(res.status(), `PATCH ${path} : ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** DELETE as an administrator, which must succeed (204). */
async function remove(request: APIRequestContext, path: string): Promise<void> {
  const res = await request.delete(path, { headers: await apiHeaders(request, ADMIN) });
  expect(res.status(), `DELETE ${path} : ${await res.text()}`).toBe(204);
}

/** A small PDF uploaded as a temporary media (POST /api/medias/temporary): its id, for a session PATCH to keep. */
async function uploadPdf(request: APIRequestContext, name: string): Promise<string> {
  const buffer = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const res = await request.post("/api/medias/temporary", { headers: await apiHeaders(request, ADMIN), multipart: { file: { name, mimeType: "application/pdf", buffer } } });
  expect(res.status(), `POST /api/medias/temporary : ${await res.text()}`).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** The helpers above bound to one request context. */
export function apiRecords(request: APIRequestContext) {
  return {
    createEmployee: (fields?: EmployeeOverrides) => createEmployee(request, fields),
    createOrganization: (name?: string, siret?: string) => createOrganization(request, name, siret),
    /** `ssn`: e.g. consistentNir() of api-training-records.ts, for a trainee whose record the data-quality gate lets through. */
    createTrainee: (lastName?: string, ssn?: string) => createTrainee(request, lastName, ssn),
    /** A training record with its own trainee, training and session (support/api-training-records.ts). */
    createRecord: (overrides?: RecordOverrides) =>
      createRecord(
        request,
        {
          createTrainee: (lastName, ssn) => createTrainee(request, lastName, ssn),
          createTraining: (information) => createTraining(request, information),
          createSession: (information, trainingId) => createSession(request, information, trainingId),
        },
        overrides,
      ),
    createTraining: (information?: TrainingOverrides, funders?: ApiFunder[]) => createTraining(request, information, funders),
    createSession: (information?: SessionOverrides, trainingId?: string) => createSession(request, information, trainingId),
    patch: <T>(path: string, data: object) => patch<T>(request, path, data),
    remove: (path: string) => remove(request, path),
    uploadPdf: (name = "document.pdf") => uploadPdf(request, name),
    get: (path: string) => apiGet(request, path),
    read: <T>(path: string) => readRecord<T>(request, path),
    find: <T>(resource: string, search: string) => findRecord<T>(request, resource, search),
  };
}

export type ApiRecords = ReturnType<typeof apiRecords>;
