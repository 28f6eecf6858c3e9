/** Step 'Formation': the training searched among those in the caller's scope (GET /api/trainings?search=), then shown. */
import { Stack } from "@mantine/core";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Section } from "../../../src/components/DescriptionList";
import { SearchSelect } from "../../../src/components/SearchSelect";
import type { TrainingListItem } from "../../trainings/schema";
import { SessionTrainingSection, type SessionTrainingData } from "../SessionDetail";
import { toSessionTraining, type SessionCreateOutput, type SessionCreateValues } from "./form";

export const TRAINING_STEP_TEXTS = {
  title: "Choix de la formation",
  label: "Formation",
  placeholder: "Rechercher par n° de formation, n° de marché ou intitulé",
  searchFailed: "Une erreur est survenue lors de la récupération de formations",
} as const;

/** "F2025005 A01 – Diplôme d'État d'accompagnant éducatif et social": one training number may carry several actions. */
export const describeTraining = ({ information }: SessionTrainingData) => `${information.number} ${information.actionNumber} – ${information.name}`;

export function TrainingStep({ form }: { form: UseFormReturn<SessionCreateValues, unknown, SessionCreateOutput> }) {
  const training = useWatch({ control: form.control, name: "training" });
  return (
    <Stack gap="md">
      <Section title={TRAINING_STEP_TEXTS.title}>
        <SearchSelect<SessionCreateValues, TrainingListItem, SessionTrainingData, SessionCreateOutput>
          control={form.control}
          name="training"
          resource="trainings"
          label={TRAINING_STEP_TEXTS.label}
          placeholder={TRAINING_STEP_TEXTS.placeholder}
          withAsterisk
          toValue={toSessionTraining}
          describe={describeTraining}
          errorMessage={TRAINING_STEP_TEXTS.searchFailed}
        />
      </Section>
      {training && <SessionTrainingSection training={training} withLink={false} />}
    </Stack>
  );
}
