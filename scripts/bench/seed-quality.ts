/**
 * The bench seed's copies and quality verdicts, computed from the rows it generates instead of read back from the database:
 * a record's blocking flag (records.quality_blocking) is the server's own `checksOf` on the subject the server would load
 * (server/quality/subjects.ts), built here from the generated trainee, session, training, funders and organisations' SIRETs.
 * tests/api/bench-seed.test.ts compares both on a small seed.
 */
import type { Department } from "../../resources/common/departments";
import type { Gender } from "../../resources/common/gender";
import { blockingChecks } from "../../resources/quality/check";
import type { CommuneIndex } from "../../server/quality/communes";
import { checksOf } from "../../server/quality/gate";
import type { QualitySubject } from "../../server/quality/subjects";
import type { Row } from "./generate";
import { benchSessionOf, type BenchSession } from "./generate-records";

/** What the records and their checks need of a bench session and its training. */
export interface SeedSession extends BenchSession {
  training: SeedTraining;
}

/** A bench training as the checks read it, with the scope its sessions (and their records) copy (0008, 0011). */
export interface SeedTraining {
  id: string;
  name: string;
  number: string;
  actionNumber: string;
  address: QualitySubject["training"]["address"];
  educationalOrganizationId: string;
  contractingOrganizationId: string;
  healthcareSocial: boolean;
  fse: boolean;
  educationalOrganizationSiret: string | null;
  contractingOrganizationSiret: string | null;
  funders: { siret: string | null }[];
}

const parsed = <T>(json: Row[string]): T | null => (typeof json === "string" ? (JSON.parse(json) as T) : null);

/** A generated training (generate.ts's trainingRow) as the checks read it; `sirets`: organisation id → SIRET. */
export function seedTrainingOf(row: Row, funders: readonly Row[], sirets: ReadonlyMap<string, string | null>): SeedTraining {
  const educational = row.educational_organization_id as string;
  const contracting = row.contracting_organization_id as string;
  return {
    id: row.id as string,
    name: row.name as string,
    number: row.number as string,
    actionNumber: row.action_number as string,
    address: parsed(row.address),
    educationalOrganizationId: educational,
    contractingOrganizationId: contracting,
    healthcareSocial: row.healthcare_social as boolean,
    fse: row.fse as boolean,
    educationalOrganizationSiret: sirets.get(educational) ?? null,
    contractingOrganizationSiret: sirets.get(contracting) ?? null,
    funders: [...funders].sort((a, b) => (a.position as number) - (b.position as number)).map((f) => ({ siret: (f.siret as string | null) ?? null })),
  };
}

/** What the session's row (generate-sessions.ts) and its training give a record. */
export const seedSessionOf = (row: Row, training: SeedTraining): SeedSession => ({ ...benchSessionOf(row), training });

/** The subject the server would load for this record (subjects.ts's recordSubjects): generated trainee and record rows. */
export function seedSubject(trainee: Row, session: SeedSession, record: Row): QualitySubject {
  const address = parsed<QualitySubject["trainee"]["address"] & { zipCode: string; city: string }>(trainee.address)!;
  const people = {
    firstName: trainee.first_name as string,
    birthName: trainee.birth_name as string,
    ssn: trainee.ssn as string,
    gender: trainee.gender as Gender,
    birthDate: trainee.birth_date as string,
    bornInFrance: trainee.born_in_france as boolean,
    department: (trainee.department as Department | null) ?? null,
    address,
  };
  const { training } = session;
  return {
    trainee: people,
    session: { startDate: session.startDate, endDate: session.endDate },
    training: {
      name: training.name,
      number: training.number,
      actionNumber: training.actionNumber,
      address: training.address,
      educationalOrganizationSiret: training.educationalOrganizationSiret,
      contractingOrganizationSiret: training.contractingOrganizationSiret,
      funders: training.funders,
    },
    record: {
      realStartDate: (record.real_start_date as string | null) ?? null,
      realEndDate: (record.real_end_date as string | null) ?? null,
      employerSiret: (record.employer_siret as string | null) ?? null,
    },
    places: { trainee: people, trainingAddress: training.address },
  };
}

/**
 * Sets, on a generated trainee, its record and the record's FSE surveys, what the triggers and the checks would write after the
 * load, those triggers being off during it: the record's verdict, its search text (0006's records_search_text, before
 * f_unaccent(lower(…)) which the insert applies: bulk-insert.ts), its copies of its session and training (0011 and 0019's
 * records_fill_session_copies) and its survey flags (0019's records_fill_fse_surveys), and the trainee's copies of its record's
 * scope (0011's records_trainee_scope).
 */
export function linkRecord(trainee: Row, session: SeedSession, record: Row, surveys: readonly Row[], communes: CommuneIndex): void {
  const { training } = session;
  record.quality_blocking = blockingChecks(checksOf(seedSubject(trainee, session, record), communes)).length > 0;
  record.search = [trainee.last_name, trainee.birth_name, trainee.first_name, trainee.ssn, record.agora_id, training.name, training.number].join(" ");
  record.educational_organization_id = training.educationalOrganizationId;
  record.contracting_organization_id = training.contractingOrganizationId;
  record.healthcare_social = training.healthcareSocial;
  record.session_start_date = session.startDate;
  record.session_end_date = session.endDate;
  record.training_id = training.id;
  record.training_fse = training.fse;
  const periods = new Set(surveys.map((survey) => survey.period));
  record.has_fse_input = periods.has("INPUT");
  record.has_fse_output = periods.has("OUTPUT");
  record.has_fse_after_six_month = periods.has("AFTER_SIX_MONTH");
  trainee.record_educational_organization_id = training.educationalOrganizationId;
  trainee.record_contracting_organization_id = training.contractingOrganizationId;
  trainee.record_healthcare_social = training.healthcareSocial;
}
