/**
 * The checks that need the official communes: the trainee's address (postal code ↔ commune ↔ their département), the NIR's birth
 * commune (it exists, or existed, in the NIR's département, unless born abroad) and the training location's postal code.
 */
import type { Department } from "../../resources/common/departments";
import { warning, type QualityCheck } from "../../resources/quality/check";
import { nirBirthCommune, parseNir } from "../../resources/quality/nir";
import { checkPostalAddress } from "../../resources/quality/postal";
import type { CommuneIndex } from "./communes";

const isZipCode = (value: string | null | undefined): value is string => /^\d{5}$/.test(value ?? "");

export const birthCommuneMessage = (code: string, department: string) =>
  `La commune de naissance du NIR (${code}) n'existe pas dans le département ${department}`;

export interface PlacesSubject {
  trainee: { ssn: string; department: Department | null; address: { zipCode: string; city: string } };
  trainingAddress: { zipCode?: string | null; city?: string | null } | null;
}

export function checkPlaces(subject: PlacesSubject, communes: CommuneIndex): QualityCheck[] {
  const { trainee, trainingAddress } = subject;
  const checks: QualityCheck[] = [];
  if (isZipCode(trainee.address.zipCode)) {
    // 'D75' → '75', 'D2A' → '2A', 'D971' → '971': the codes INSEE gives the communes.
    const department = trainee.department ? trainee.department.slice(1) : null;
    const where = { source: "trainee" as const, field: "address", agoraCode: 1022 };
    checks.push(...checkPostalAddress(trainee.address, communes.communesOf(trainee.address.zipCode), where, department));
  }
  const parts = parseNir(trainee.ssn);
  const birthCommune = parts ? nirBirthCommune(parts) : null;
  // A warning only: the data knows today's communes and the former codes INSEE keeps, not every commune merged long ago.
  if (parts && birthCommune && !communes.isKnownCommune(birthCommune)) {
    const message = birthCommuneMessage(birthCommune, parts.department);
    checks.push(warning({ code: "nir.birthCommune", agoraCode: 4, message, source: "trainee", field: "ssn" }));
  }
  if (trainingAddress && isZipCode(trainingAddress.zipCode)) {
    const address = { zipCode: trainingAddress.zipCode, city: trainingAddress.city ?? "" };
    checks.push(...checkPostalAddress(address, communes.communesOf(address.zipCode), { source: "training", field: "address", agoraCode: 47 }));
  }
  return checks;
}
