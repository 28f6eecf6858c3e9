import { FORCED_CPF_CODE, FORCED_CPF_COVERAGE, HEALTHCARE_SOCIAL_DEVICE } from "../../../resources/trainings/schema";
import type { Executor } from "../connection";
import { newId } from "../ids";
import { trainingFunders, trainings } from "../schema/index";
import { DEMO_TRAININGS, fullAddress, type DemoFunder } from "./training-list";

/** Inserting the demo trainings (the list itself, read by the AGORA simulator too, is in training-list.ts). */
export { DEMO_TRAININGS, fullAddress, type DemoTraining } from "./training-list";

const withVat = (amount: number | undefined, vat: boolean) => (amount === undefined ? null : vat ? Math.round(amount * 120) / 100 : amount);

function funderRow(funder: DemoFunder, healthcareSocial: boolean) {
  const vat = funder.vat ?? false;
  const base = {
    siret: funder.siret ?? null,
    vat,
    fundingType: funder.fundingType,
    fundingSource: funder.fundingSource,
    estimatedAmountCoveredTaxFree: null,
    estimatedAmountCoveredIncludingTaxes: null,
    actualAmountCoveredTaxFree: null,
    actualAmountCoveredIncludingTaxes: null,
    estimatedAmountOfSubsidy: null,
    actualAmountOfSubsidy: null,
  };
  if (healthcareSocial) return { ...base, estimatedAmountOfSubsidy: funder.estimated, actualAmountOfSubsidy: funder.actual ?? null };
  return {
    ...base,
    estimatedAmountCoveredTaxFree: funder.estimated,
    estimatedAmountCoveredIncludingTaxes: withVat(funder.estimated, vat),
    actualAmountCoveredTaxFree: funder.actual ?? null,
    actualAmountCoveredIncludingTaxes: withVat(funder.actual, vat),
  };
}

export async function seedTrainings(db: Executor, orgIds: Record<string, string>): Promise<void> {
  // Spread over the last weeks so that "most recently updated first" gives a stable, meaningful order.
  const now = Date.now();
  for (const [index, t] of DEMO_TRAININGS.entries()) {
    const id = newId();
    const healthcareSocial = t.device === HEALTHCARE_SOCIAL_DEVICE;
    const stamp = new Date(now - (DEMO_TRAININGS.length - index) * 86_400_000);
    await db.insert(trainings).values({
      id,
      name: t.name,
      number: t.number,
      marketNumber: t.marketNumber ?? null,
      actionNumber: t.actionNumber,
      address: fullAddress(t.address),
      objective: t.objective,
      device: t.device,
      type: t.type,
      teachingMethods: t.teachingMethods ?? null,
      healthcareSocial,
      skillsAssessment: t.skillsAssessment ?? false,
      skillsValidation: t.skillsValidation ?? false,
      fse: t.fse ?? false,
      forecastedCenterHourDuration: t.hours[0],
      forecastedCompanyHourDuration: t.hours[1],
      actualCenterHourDuration: t.actualHours?.[0] ?? null,
      actualCompanyHourDuration: t.actualHours?.[1] ?? null,
      cpfCode: FORCED_CPF_CODE,
      fundingOrganizationForCpfHours: null,
      coverageOfEducationalCostsForCpfHours: FORCED_CPF_COVERAGE,
      educationalOrganizationId: orgIds[t.educational]!,
      contractingOrganizationId: orgIds[t.contracting]!,
      createdAt: stamp,
      updatedAt: stamp,
    });
    await db
      .insert(trainingFunders)
      .values(t.funders.map((f, position) => ({ id: newId(), trainingId: id, position, ...funderRow(f, healthcareSocial) })));
  }
}
