/**
 * The entry/exit information (spec part 2 §2 "Record entry form rules of display", §5): which fields show is
 * `recordInformationVisibility`, the schema's own rule, read from the answers as they change:
 * - the professional situation only for healthcare-social trainings (then required);
 * - the school grade when the training is not healthcare-social or the situation is 'En recherche d'emploi';
 * - the job statuses the situation allows (a job seeker's four, or the others for a person in employment);
 * - 'Salarié' adds the contract type, the professional and the employer categories; an employer 'Entreprise' adds its SIRET,
 *   a 'Particulier employeur' the URSSAF number (14 characters each); a SIRET with a wrong key is warned under its input (issue 15).
 * A field hidden again keeps its value in the form but is saved as null (the schema drops it).
 */
import { Grid } from "@mantine/core";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { DescriptionList, Section } from "../../../src/components/DescriptionList";
import { EnumSelect } from "../../../src/components/EnumSelect";
import { FormTextInput } from "../../../src/components/form-inputs";
import { FormDateRange } from "../../../src/components/FormDateRange";
import { SiretWarning } from "../../../src/components/SiretWarning";
import { useOnChange } from "../../../src/components/use-on-change";
import { formatDate } from "../../../src/lib/format";
import {
  contractTypeOptions,
  employerCategoryOptions,
  employmentObligationOptions,
  exitReasonOptions,
  jobStatusesFor,
  jobStatusOptions,
  professionalCategoryOptions,
  professionalSituationOptions,
  recordInformationVisibility,
  studyGradeOptions,
  studyLevelOptions,
  type ProfessionalSituation,
  type TrainingRecord,
} from "../schema";
import type { RecordEditOutput, RecordEditValues } from "./form";

export const ENTRY_LABELS = {
  datesTitle: "Dates de la formation",
  plannedPeriod: "Période prévue",
  sessionPeriod: "Période de la session",
  realStartDate: "Date réelle d'entrée en formation",
  realEndDate: "Date réelle de sortie de formation",
  situationTitle: "Situation du stagiaire à l'entrée en formation",
  employmentObligation: "Bénéficiaire de l'obligation d'emploi",
  studyLevel: "Niveau d'études",
  studyGrade: "Dernière classe suivie",
  professionalSituation: "Situation professionnelle",
  jobStatus: "Statut professionnel",
  contractType: "Type de contrat",
  professionalCategory: "Catégorie socioprofessionnelle",
  employerCategory: "Catégorie d'employeur",
  employerSiret: "SIRET de l'employeur",
  codeUrssaf: "Numéro URSSAF de l'employeur",
  exitTitle: "Sortie de formation",
  exitReason: "Motif de sortie",
} as const;

const L = ENTRY_LABELS;
const period = (start: string, end: string) => `Du ${formatDate(start)} au ${formatDate(end)}`;

type RecordEditForm = UseFormReturn<RecordEditValues, unknown, RecordEditOutput>;

export function EntryFields({ form, record }: { form: RecordEditForm; record: TrainingRecord }) {
  const { control, trigger, getValues, setValue } = form;
  const { healthcareSocial } = record.session.training;
  const [professionalSituation, jobStatus, employerCategory] = useWatch({
    control,
    name: ["information.professionalSituation", "information.jobStatus", "information.employerCategory"],
  });
  const shown = recordInformationVisibility({ professionalSituation, jobStatus, employerCategory }, healthcareSocial);
  const situation = healthcareSocial ? ((professionalSituation as ProfessionalSituation | null) ?? null) : null;

  // A job status the new situation does not offer is asked again.
  useOnChange(professionalSituation, () => {
    const current = getValues("information.jobStatus");
    if (typeof current === "string" && !(jobStatusesFor(situation) as string[]).includes(current)) setValue("information.jobStatus", null, { shouldDirty: true });
  });

  return (
    <>
      <Section title={L.datesTitle}>
        <DescriptionList
          items={[
            { label: L.plannedPeriod, value: period(record.plannedStartDate, record.plannedEndDate) },
            { label: L.sessionPeriod, value: period(record.session.startDate, record.session.endDate) },
          ]}
        />
        <Grid gap="md">
          <FormDateRange
            control={control}
            trigger={trigger}
            start={{ name: "information.realStartDate", label: L.realStartDate, withAsterisk: true }}
            end={{ name: "information.realEndDate", label: L.realEndDate, clearable: true }}
          />
        </Grid>
      </Section>
      <Section title={L.situationTitle}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <EnumSelect control={control} name="information.employmentObligation" label={L.employmentObligation} options={employmentObligationOptions} withAsterisk />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <EnumSelect control={control} name="information.studyLevel" label={L.studyLevel} options={studyLevelOptions} withAsterisk />
          </Grid.Col>
          {shown.professionalSituation && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <EnumSelect control={control} name="information.professionalSituation" label={L.professionalSituation} options={professionalSituationOptions} withAsterisk />
            </Grid.Col>
          )}
          {shown.studyGrade && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <EnumSelect control={control} name="information.studyGrade" label={L.studyGrade} options={studyGradeOptions} clearable />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <EnumSelect control={control} name="information.jobStatus" label={L.jobStatus} options={jobStatusOptions(situation)} withAsterisk />
          </Grid.Col>
          {shown.employeeFields && (
            <>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <EnumSelect control={control} name="information.contractType" label={L.contractType} options={contractTypeOptions} clearable />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <EnumSelect control={control} name="information.professionalCategory" label={L.professionalCategory} options={professionalCategoryOptions} clearable />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <EnumSelect control={control} name="information.employerCategory" label={L.employerCategory} options={employerCategoryOptions} clearable />
              </Grid.Col>
            </>
          )}
          {shown.employerSiret && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <FormTextInput control={control} name="information.employerSiret" label={L.employerSiret} inputMode="numeric" />
              <SiretWarning control={control} name="information.employerSiret" />
            </Grid.Col>
          )}
          {shown.codeUrssaf && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <FormTextInput control={control} name="information.codeUrssaf" label={L.codeUrssaf} />
            </Grid.Col>
          )}
        </Grid>
      </Section>
      <Section title={L.exitTitle}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <EnumSelect control={control} name="information.exitReason" label={L.exitReason} options={exitReasonOptions} clearable />
          </Grid.Col>
        </Grid>
      </Section>
    </>
  );
}
