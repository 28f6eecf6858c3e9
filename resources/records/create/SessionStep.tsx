/**
 * Step 'Session': the session searched among those in the caller's scope (by training name or number, or organisation), or
 * picked among the sessions of a training chosen first. Each list's loading failure shows the spec's message under its field
 * ('… de formations', '… de sessions').
 */
import { Select, Stack } from "@mantine/core";
import { useList, type HttpError } from "@refinedev/core";
import { useEffect } from "react";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { Section } from "../../../src/components/DescriptionList";
import { SEARCH_SELECT_TEXTS, SearchSelect } from "../../../src/components/SearchSelect";
import type { SessionListItem } from "../../sessions/schema";
import type { Training } from "../../trainings/schema";
import { RECORD_MSG } from "../schema";
import { toWizardSession, toWizardTraining, type RecordCreateOutput, type RecordCreateValues, type WizardTraining } from "./form";
import { describeSession, RECORD_WIZARD_TEXTS as T, SessionSummary, trainingTitle } from "./steps";

type RecordCreateForm = UseFormReturn<RecordCreateValues, unknown, RecordCreateOutput>;

export const SESSION_STEP_TEXTS = {
  trainingLabel: "Formation",
  trainingPlaceholder: "Toutes les formations : rechercher par n° de formation ou intitulé",
  trainingDescription: "Facultatif : ne proposer que les sessions de cette formation",
} as const;

/** The sessions of one training: searched by its numbers (the API's search), kept when they are that training's. */
function TrainingSessionsSelect({ form, training }: { form: RecordCreateForm; training: WizardTraining }) {
  const { query, result } = useList<SessionListItem, HttpError>({
    resource: "sessions",
    pagination: { currentPage: 1, pageSize: 100, mode: "server" },
    filters: [{ field: "search", operator: "contains", value: `${training.number} ${training.actionNumber}` }],
    errorNotification: false,
  });
  const sessions = result.data.filter((session) => session.training.id === training.id).map(toWizardSession);
  return (
    <Controller
      control={form.control}
      name="session"
      render={({ field, fieldState }) => (
        <Select
          ref={field.ref}
          name={field.name}
          label={T.sessionLabel}
          withAsterisk
          placeholder={query.isFetching ? SEARCH_SELECT_TEXTS.loading : undefined}
          nothingFoundMessage={SEARCH_SELECT_TEXTS.nothingFound}
          data={sessions.map((session) => ({ value: session.id, label: describeSession(session) }))}
          value={field.value?.id ?? null}
          onChange={(id) => field.onChange(sessions.find((session) => session.id === id) ?? null)}
          onBlur={field.onBlur}
          error={query.isError ? RECORD_MSG.sessionsLoadError : fieldState.error?.message}
        />
      )}
    />
  );
}

export function SessionStep({ form }: { form: RecordCreateForm }) {
  const [training, session] = useWatch({ control: form.control, name: ["training", "session"] });
  // A session chosen before its training was narrowed to another one is chosen again.
  useEffect(() => {
    if (training && session && session.training.id !== training.id) form.setValue("session", null);
  }, [training, session, form]);
  return (
    <Stack gap="md">
      <Section title={T.sessionTitle}>
        <SearchSelect<RecordCreateValues, Training, WizardTraining, RecordCreateOutput>
          control={form.control}
          name="training"
          resource="trainings"
          label={SESSION_STEP_TEXTS.trainingLabel}
          description={SESSION_STEP_TEXTS.trainingDescription}
          placeholder={SESSION_STEP_TEXTS.trainingPlaceholder}
          toValue={toWizardTraining}
          describe={trainingTitle}
          errorMessage={RECORD_MSG.trainingsLoadError}
        />
        {training ? (
          <TrainingSessionsSelect key={training.id} form={form} training={training} />
        ) : (
          <SearchSelect<RecordCreateValues, SessionListItem, ReturnType<typeof toWizardSession>, RecordCreateOutput>
            control={form.control}
            name="session"
            resource="sessions"
            label={T.sessionLabel}
            placeholder={T.sessionPlaceholder}
            withAsterisk
            toValue={toWizardSession}
            describe={describeSession}
            errorMessage={RECORD_MSG.sessionsLoadError}
          />
        )}
      </Section>
      {session && <SessionSummary session={session} />}
    </Stack>
  );
}
