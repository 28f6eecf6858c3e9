/** FSE survey bodies for the API tests and the hostile suites: a complete, valid survey that the tests then vary. */
import type { FseAnswersInput, FseInformationInput, FsePeriod } from "../../../resources/fse/schema";

/** The answers of a French trainee, employed on a permanent contract, on the RSA, registered with the agency. */
export function fseAnswers(fields: Partial<Record<keyof FseAnswersInput, unknown>> = {}): FseAnswersInput {
  return {
    frenchNationality: true,
    europeanNationality: null,
    currentSituation: "OTHER",
    employed: true,
    employedDetail: "PERMANENT",
    inProfessionalTraining: false,
    lookingForJob: false,
    unemployedDate: null,
    registeredPoleEmploi: true,
    poleEmploiDate: "2025-11-03",
    level: "CITE_3_4",
    handicap: false,
    rsa: true,
    solidarityAllowance: false,
    handicapAllowance: false,
    elderlySolidarityAllowance: false,
    solidarityIncome: false,
    widowAllowance: false,
    invaliditySupplementAllowance: false,
    asylumSeekerAllowance: false,
    noAid: false,
    homeless: "NO",
    parentBornInEurope: "NO_ANSWER",
    ...fields,
  } as FseAnswersInput;
}

export const fseInformation = (period: FsePeriod, fields: Partial<Record<keyof FseAnswersInput, unknown>> = {}): FseInformationInput => ({
  ...fseAnswers(fields),
  period,
});
