/**
 * The wizard's steps 'Stagiaire' (searched among the trainees without a record, GET /api/trainees?freeTrainees=true&search=)
 * and 'Récapitulatif', and the summaries of the trainee and the session ('Session' is SessionStep.tsx).
 */
import { Stack } from "@mantine/core";
import type { HttpError } from "@refinedev/core";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { DescriptionList, Section } from "../../../src/components/DescriptionList";
import { SearchSelect } from "../../../src/components/SearchSelect";
import { formatDate } from "../../../src/lib/format";
import type { TraineeListItem } from "../../trainees/schema";
import { AgoraErrors } from "../AgoraErrors";
import { recordCreateSchema, toWizardTrainee, type RecordCreateOutput, type RecordCreateValues, type WizardSession, type WizardTrainee, type WizardTraining } from "./form";

export const RECORD_WIZARD_TEXTS = {
  traineeTitle: "Choix du stagiaire",
  traineeLabel: "Stagiaire",
  traineePlaceholder: "Rechercher par nom, prénom ou NIR",
  traineesLoadError: "Une erreur est survenue lors de la récupération de stagiaires",
  sessionTitle: "Choix de la session",
  sessionLabel: "Session",
  sessionPlaceholder: "Rechercher par formation, n° de formation ou organisme",
  name: "Nom et prénom",
  birthDate: "Date de naissance",
  ssn: "NIR",
  training: "Formation",
  organization: "Organisme de formation",
  period: "Période de la session",
} as const;

type RecordCreateForm = UseFormReturn<RecordCreateValues, unknown, RecordCreateOutput>;

const FREE_TRAINEES = [{ field: "freeTrainees", operator: "eq", value: "true" }] as const;

const describeTrainee = (trainee: WizardTrainee) => `${trainee.lastName} ${trainee.firstName} – né(e) le ${formatDate(trainee.birthDate)}`;
const period = (session: WizardSession) => `du ${formatDate(session.startDate)} au ${formatDate(session.endDate)}`;
/** "F2025005 A01 – Diplôme d'État d'accompagnant éducatif et social": one training number may carry several actions. */
export const trainingTitle = ({ number, actionNumber, name }: Pick<WizardTraining, "number" | "actionNumber" | "name">) => `${number} ${actionNumber} – ${name}`;
export const describeSession = (session: WizardSession) => `${trainingTitle(session.training.information)} – ${period(session)}`;

function TraineeSummary({ trainee }: { trainee: WizardTrainee }) {
  const T = RECORD_WIZARD_TEXTS;
  return (
    <Section title={T.traineeLabel}>
      <DescriptionList
        items={[
          { label: T.name, value: `${trainee.lastName} ${trainee.firstName}` },
          { label: T.birthDate, value: formatDate(trainee.birthDate) },
          { label: T.ssn, value: trainee.ssn },
        ]}
      />
    </Section>
  );
}

export function SessionSummary({ session }: { session: WizardSession }) {
  const T = RECORD_WIZARD_TEXTS;
  const { information } = session.training;
  return (
    <Section title={T.sessionLabel}>
      <DescriptionList
        items={[
          { label: T.training, value: trainingTitle(information) },
          { label: T.organization, value: information.educationalOrganization.name },
          { label: T.period, value: `Du ${formatDate(session.startDate)} au ${formatDate(session.endDate)}` },
        ]}
      />
    </Section>
  );
}

export function TraineeStep({ form }: { form: RecordCreateForm }) {
  const trainee = useWatch({ control: form.control, name: "trainee" });
  return (
    <Stack gap="md">
      <Section title={RECORD_WIZARD_TEXTS.traineeTitle}>
        <SearchSelect<RecordCreateValues, TraineeListItem, WizardTrainee, RecordCreateOutput>
          control={form.control}
          name="trainee"
          resource="trainees"
          filters={[...FREE_TRAINEES]}
          label={RECORD_WIZARD_TEXTS.traineeLabel}
          placeholder={RECORD_WIZARD_TEXTS.traineePlaceholder}
          withAsterisk
          toValue={toWizardTrainee}
          describe={describeTrainee}
          errorMessage={RECORD_WIZARD_TEXTS.traineesLoadError}
        />
      </Section>
      {trainee && <TraineeSummary trainee={trainee} />}
    </Stack>
  );
}

/**
 * Step 'Récapitulatif': the record to be created, its trainee and its session, and why a save failed ('Erreurs Agora', whose
 * hints link to the trainee's, the session's and the training's pages; no record exists yet, so a record-sourced hint has no link).
 */
export function RecapStep({ form, failure, failedMessage }: { form: RecordCreateForm; failure: HttpError | null; failedMessage: string }) {
  const parsed = recordCreateSchema.safeParse(useWatch({ control: form.control }));
  if (!parsed.success) return null;
  const { trainee, session } = parsed.data;
  const links = { traineeId: trainee.id, sessionId: session.id, trainingId: session.training.id };
  return (
    <Stack gap="md">
      <TraineeSummary trainee={trainee} />
      <SessionSummary session={session} />
      <AgoraErrors error={failure} links={links} fallback={failedMessage} />
    </Stack>
  );
}
