/**
 * What a push to AGORA needs of the record, its trainee, its session and its training, beyond what our forms already require.
 * Source: the AGORA error catalogue (resources/records/agora-errors.ts): each check is one of its refusals caught before the call
 * (3, 40–42 and 1019–1022 trainee; 1005–1007, 1045, 46, 63 training; 1039, 69 funders; 153, 158 session; 268, 272 record).
 * The NIR and SIRET rules are in nir.ts and siret.ts; the postal code ↔ commune ↔ département checks need the INSEE data (server/quality).
 */
import { checkNir, type NirTrainee } from "./nir";
import { blocking, type QualityCheck } from "./check";
import { checkSiret } from "./siret";
import { textLength } from "../common/text";

interface AddressParts {
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  streetName?: string | null;
  zipCode?: string | null;
  city?: string | null;
}

export interface PushSubject {
  trainee: NirTrainee & { firstName: string; birthName: string; address: AddressParts };
  session: { startDate: string | null; endDate: string | null };
  training: {
    name: string;
    number: string;
    actionNumber: string;
    address: AddressParts | null;
    educationalOrganizationSiret: string | null;
    contractingOrganizationSiret: string | null;
    funders: { siret: string | null }[];
  };
  /** null for a record still to be created. */
  record: { realStartDate: string | null; realEndDate: string | null; employerSiret: string | null } | null;
}

export const COMPLETENESS_MSG = {
  traineeAddressLine: (n: number) => `La ligne d'adresse ${n} du stagiaire ne doit pas dépasser 38 caractères pour AGORA`,
  traineeZipCode: "Le code postal du stagiaire doit comporter 5 chiffres",
  trainingAddress: "Le lieu de formation est obligatoire (code postal et commune)",
  trainingZipCode: "Le code postal du lieu de formation doit comporter 5 chiffres",
  trainingName: "L'intitulé de la formation ne doit pas dépasser 255 caractères",
  noFunder: "Aucun financeur n'est renseigné pour la formation",
  sessionDates: "Les dates de début et de fin de la session sont obligatoires, la fin après le début",
  realDates: "La date de sortie réelle doit être postérieure ou égale à la date d'entrée réelle",
} as const;

/** AGORA's address lines hold 38 characters where ours hold 70 (catalogue 40–42). */
const AGORA_TRAINEE_LINE = 38;
const isZipCode = (value: string | null | undefined) => /^\d{5}$/.test(value ?? "");
const blank = (value: string | null | undefined) => (value ?? "").trim() === "";

const required = (value: string | null | undefined, check: Omit<QualityCheck, "level" | "message">, message: string): QualityCheck[] =>
  blank(value) ? [blocking({ ...check, message })] : [];

function traineeChecks(trainee: PushSubject["trainee"]): QualityCheck[] {
  const t = (field: string, agoraCode: number) => ({ code: `trainee.${field}`, agoraCode, source: "trainee" as const, field });
  const lines = (["address1", "address2", "address3"] as const).flatMap((line, index) =>
    textLength(trainee.address[line] ?? "") > AGORA_TRAINEE_LINE
      ? [blocking({ ...t(`address.${line}`, 40 + index), message: COMPLETENESS_MSG.traineeAddressLine(index + 1) })]
      : [],
  );
  return [
    ...required(trainee.firstName, t("firstName", 1019), "Le prénom du stagiaire est obligatoire"),
    ...required(trainee.birthName, t("birthName", 34), "Le nom de naissance du stagiaire est obligatoire"),
    ...required(trainee.birthDate, t("birthDate", 29), "La date de naissance du stagiaire est obligatoire"),
    ...checkNir(trainee),
    ...lines,
    ...(isZipCode(trainee.address.zipCode) ? [] : [blocking({ ...t("address.zipCode", 1022), message: COMPLETENESS_MSG.traineeZipCode })]),
  ];
}

function trainingChecks(training: PushSubject["training"]): QualityCheck[] {
  const t = (field: string, agoraCode: number) => ({ code: `training.${field}`, agoraCode, source: "training" as const, field });
  const address = training.address;
  const location = !address || blank(address.zipCode) || blank(address.city)
    ? [blocking({ ...t("address", 1045), message: COMPLETENESS_MSG.trainingAddress })]
    : isZipCode(address.zipCode) ? [] : [blocking({ ...t("address.zipCode", 46), message: COMPLETENESS_MSG.trainingZipCode })];
  const funders = training.funders.flatMap((funder, index) =>
    checkSiret(funder.siret, { label: `du financeur n° ${index + 1}`, source: "training_funding", field: `funders.${index}.siret`, agoraCode: 69 }),
  );
  return [
    ...required(training.number, t("number", 1005), "Le numéro de la formation est obligatoire"),
    ...required(training.actionNumber, t("actionNumber", 1006), "Le numéro d'action de la formation est obligatoire"),
    ...(textLength(training.name) > 255 ? [blocking({ ...t("name", 1007), message: COMPLETENESS_MSG.trainingName })] : []),
    ...location,
    ...checkSiret(training.educationalOrganizationSiret, { label: "de l'organisme de formation", source: "training", field: "educationalOrganizationId", agoraCode: 63 }),
    ...checkSiret(training.contractingOrganizationSiret, { label: "de l'organisme commanditaire", source: "training", field: "contractingOrganizationId", agoraCode: 63 }),
    ...(training.funders.length === 0
      ? [blocking({ code: "funders.none", agoraCode: 1039, message: COMPLETENESS_MSG.noFunder, source: "training_funding", field: "funders" })]
      : funders),
  ];
}

function sessionAndRecordChecks(subject: PushSubject): QualityCheck[] {
  const { session, record } = subject;
  const sessionDates =
    blank(session.startDate) || blank(session.endDate) || session.endDate! < session.startDate!
      ? [blocking({ code: "session.dates", agoraCode: 153, message: COMPLETENESS_MSG.sessionDates, source: "session", field: "startDate" })]
      : [];
  if (!record) return sessionDates;
  const realDates =
    record.realStartDate && record.realEndDate && record.realEndDate < record.realStartDate
      ? [blocking({ code: "record.realDates", agoraCode: 268, message: COMPLETENESS_MSG.realDates, source: "record", field: "realEndDate" })]
      : [];
  const employer = checkSiret(record.employerSiret, { label: "de l'employeur", source: "record", field: "employerSiret", agoraCode: 272 });
  return [...sessionDates, ...realDates, ...employer];
}

/** Every pure check a push runs: trainee (NIR included), training, funders, session and record. */
export const checkPushSubject = (subject: PushSubject): QualityCheck[] => [
  ...traineeChecks(subject.trainee),
  ...trainingChecks(subject.training),
  ...sessionAndRecordChecks(subject),
];
