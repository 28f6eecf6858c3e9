import type { TrainingBodyInput } from "../../../resources/trainings/schema";

let seq = 0;

/**
 * A valid training body between two organisations (a fresh number each call); `information` overrides are merged. Every
 * funder amount is filled, so that the server's forcing of the amounts a device does not use shows.
 */
export function trainingBody(
  organizations: { educational: string; contracting: string },
  info: Partial<TrainingBodyInput["information"]> = {},
  funders?: TrainingBodyInput["funders"],
): TrainingBodyInput {
  seq += 1;
  return {
    information: {
      name: `Formation d'essai ${seq}`,
      number: `S${process.pid}${String(seq).padStart(5, "0")}`,
      marketNumber: "",
      actionNumber: "A01",
      address: { streetNumber: "3", streetType: "RUE", streetName: "des Lilas", zipCode: "75019", city: "paris" },
      objective: "CertifiedTraining",
      device: "CPF",
      type: "CERTIFYING",
      teachingMethods: null,
      skillsAssessment: false,
      skillsValidation: true,
      fse: true,
      forecastedCenterHourDuration: 400,
      forecastedCompanyHourDuration: 70,
      actualCenterHourDuration: null,
      actualCompanyHourDuration: "",
      educationalOrganizationId: organizations.educational,
      contractingOrganizationId: organizations.contracting,
      ...info,
    } as TrainingBodyInput["information"],
    funders: funders ?? [
      {
        siret: "73282932000074",
        vat: true,
        fundingType: "REGION",
        fundingSource: "REGIONAL_OWN_FUNDS",
        estimatedAmountCoveredTaxFree: 1000,
        estimatedAmountCoveredIncludingTaxes: 1200,
        actualAmountCoveredTaxFree: null,
        actualAmountCoveredIncludingTaxes: 1199.99,
        estimatedAmountOfSubsidy: 500,
        actualAmountOfSubsidy: null,
      },
    ],
  };
}
