/**
 * Records made through the API for a test's own use (never another test's rows): one fresh record per call, with a
 * unique name to find it by the list's search. Created by an administrator, in the demo organisations.
 */
import { expect, type Page } from "@playwright/test";
import { apiHeaders } from "./auth";

let seq = 0;
/** Unique within the run: time, worker-independent randomness and a counter. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}${seq++}`.toUpperCase();

async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { headers: await apiHeaders(page.request, "rol_admin"), data });
  expect(res.status(), `POST ${path} : ${await res.text()}`).toBe(201);
  return (await res.json()).data as T;
}

/** The id of the demo organisation a search term finds first (a SIRET finds exactly one). */
export async function demoOrganizationId(page: Page, search: string): Promise<string> {
  const res = await page.request.get(`/api/organizations?search=${encodeURIComponent(search)}`, { headers: await apiHeaders(page.request, "rol_admin") });
  return (await res.json()).data[0].id as string;
}

const AFPA_SIRET = "82409153600017";
const REGION_IDF_SIRET = "23750007900312";

export async function createEmployee(page: Page) {
  const lastName = `AXE${uniqueSuffix()}`;
  return post<{ id: string; lastName: string; firstName: string }>(page, "/api/employees", {
    firstName: "Zoé",
    lastName,
    email: `${lastName.toLowerCase()}@e2e.test`,
    phoneNumber: null,
    gender: "FEMALE",
    roleId: "rol_gest-of",
    organizationIds: [await demoOrganizationId(page, AFPA_SIRET)],
  });
}

export async function createOrganization(page: Page, name = `ORGANISME AXE ${uniqueSuffix()}`) {
  const siret = String(Date.now()).slice(-10) + String(Math.floor(Math.random() * 1e4)).padStart(4, "0");
  return post<{ id: string; name: string; siret: string }>(page, "/api/organizations", {
    name,
    siret,
    address: { city: "Nantes", zipCode: "44000", streetName: "de la Loire" },
  });
}

export async function createTrainee(page: Page) {
  const name = `AXE${uniqueSuffix()}`;
  // A NIR no demo trainee and no simulator person has (the API accepts it, unverified).
  const ssn = `4${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
  return post<{ id: string; lastName: string; firstName: string; email: string; ssn: string }>(page, "/api/trainees", {
    firstName: "Zoé",
    lastName: name,
    birthName: name,
    email: `${name.toLowerCase()}@e2e.test`,
    phoneNumber: null,
    gender: "FEMALE",
    ssn,
    birthDate: "1990-05-17",
    address: { streetNumber: "8", streetType: "RUE", streetName: "des Lilas", zipCode: "69003", city: "Lyon" },
    department: "D69",
    situation: "SINGLE",
  });
}

/** A training between the demo AFPA and Région Île-de-France; `information` overrides are merged (a shared number, names). */
export async function createTraining(page: Page, information: { name?: string; number?: string; actionNumber?: string } = {}) {
  return post<{ id: string; information: { name: string; number: string; actionNumber: string } }>(page, "/api/trainings", {
    information: {
      name: `Formation AXE ${uniqueSuffix()}`,
      number: `AXE${uniqueSuffix()}`,
      actionNumber: "A01",
      address: null,
      objective: "CertifiedTraining",
      device: "REGIONAL_TRAINING_PROGRAM",
      type: "CERTIFYING",
      forecastedCenterHourDuration: 300,
      forecastedCompanyHourDuration: 70,
      educationalOrganizationId: await demoOrganizationId(page, AFPA_SIRET),
      contractingOrganizationId: await demoOrganizationId(page, REGION_IDF_SIRET),
      ...information,
    },
    funders: [{ vat: true, fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", estimatedAmountCoveredTaxFree: 1000, estimatedAmountCoveredIncludingTaxes: 1200 }],
  });
}
