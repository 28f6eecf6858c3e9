/**
 * /sessions/create (spec part 2 §2): the wizard 'Création d'une session', steps 'Formation', 'Informations', 'Récapitulatif';
 * success goes to /sessions. From the trainings' row menu ('Créer une session', `trainingId` in the navigation state) the
 * training is loaded first ('Chargement...'), then the wizard starts at 'Informations' with it chosen; a failed load shows
 * the not-found page on 404, else the generic error page.
 */
import { Center, Loader, Stack, Text } from "@mantine/core";
import { useOne, type HttpError } from "@refinedev/core";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useLocation } from "react-router";
import { CreateWizardPage } from "../../../src/components/Wizard";
import { NotFoundPage, UnknownErrorPage } from "../../../src/pages/ErrorPages";
import { trainingsDescriptor } from "../../trainings/descriptor";
import type { Training } from "../../trainings/schema";
import { sessionsDescriptor } from "../descriptor";
import { InformationFields } from "../InformationFields";
import { SESSION_MSG } from "../schema";
import { SessionInformationSection, SessionTrainingSection, type SessionTrainingData } from "../SessionDetail";
import { emptySessionCreate, sessionCreateSchema, toSessionCreateBody, toSessionTraining, type SessionCreateOutput, type SessionCreateValues } from "./form";
import { TrainingStep } from "./TrainingStep";

export const SESSION_CREATE_TEXTS = {
  loading: "Chargement...",
} as const;

type SessionCreateForm = UseFormReturn<SessionCreateValues, unknown, SessionCreateOutput>;

/** Step 'Récapitulatif': what will be saved, as the detail shows it. */
function Recap({ form }: { form: SessionCreateForm }) {
  const values = useWatch({ control: form.control });
  const parsed = sessionCreateSchema.safeParse(values);
  if (!parsed.success) return null;
  return (
    <Stack gap="md">
      <SessionTrainingSection training={parsed.data.training} withLink={false} />
      <SessionInformationSection information={parsed.data.information} />
    </Stack>
  );
}

function SessionWizard({ training }: { training: SessionTrainingData | null }) {
  return (
    <CreateWizardPage<SessionCreateValues, SessionCreateOutput>
      resource={sessionsDescriptor}
      schema={sessionCreateSchema}
      defaultValues={emptySessionCreate(training)}
      // From a training: its choice is made, the wizard opens on 'Informations'.
      initialStep={training ? 1 : 0}
      messages={{ failed: SESSION_MSG.createError }}
      toPayload={toSessionCreateBody}
      steps={(form) => [
        { label: "Formation", fields: ["training"], content: <TrainingStep form={form} /> },
        { label: "Informations", fields: ["information"], content: <InformationFields control={form.control} trigger={form.trigger} /> },
        { label: "Récapitulatif", content: <Recap form={form} /> },
      ]}
    />
  );
}

/** The wizard once the training of the navigation state is loaded. */
function SessionWizardFromTraining({ trainingId }: { trainingId: string }) {
  const { query, result } = useOne<Training, HttpError>({ resource: trainingsDescriptor.name, id: trainingId, errorNotification: false });
  if (query.isPending) {
    return (
      <Center style={{ minHeight: "40vh" }} role="status">
        <Stack align="center" gap="sm">
          <Loader />
          <Text>{SESSION_CREATE_TEXTS.loading}</Text>
        </Stack>
      </Center>
    );
  }
  if (query.error?.statusCode === 404) return <NotFoundPage />;
  if (query.isError || !result) return <UnknownErrorPage />;
  return <SessionWizard training={toSessionTraining(result)} />;
}

const trainingIdOf = (state: unknown): string | null => {
  const id = (state as { trainingId?: unknown } | null)?.trainingId;
  return typeof id === "string" && id ? id : null;
};

export default function SessionCreate() {
  const trainingId = trainingIdOf(useLocation().state);
  return trainingId ? <SessionWizardFromTraining trainingId={trainingId} /> : <SessionWizard training={null} />;
}
