/**
 * One period's survey (spec part 2 §2 "Survey screen"): the saved answers, or the defaults of a new survey (every yes/no
 * 'Non', every choice empty); 'Annuler' back to /records/{rid}; 'Sauvegarder' back there once saved, or the banner
 * 'Une erreur est survenue lors de la sauvegarde' (spec §8) with every answer kept as typed. Answers not saved yet are handed to
 * the screen (`onDraft`) and come back as `draft` when the tab is shown again: a tab switch loses nothing.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Stack } from "@mantine/core";
import { IconAlertCircle, IconDeviceFloppy } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { FSE_MSG, fseFormDefaults, fseInformationSchema, type FseInformation, type FseInformationInput, type FsePeriod, type RecordFse } from "../schema";
import { SurveyFields } from "./SurveyFields";
import { useSaveSurvey } from "./use-surveys";

export interface SurveyFormProps {
  recordId: string;
  period: FsePeriod;
  survey: RecordFse | undefined;
  /** The answers typed earlier in this tab and not saved, restored over the saved ones. */
  draft: FseInformationInput | undefined;
  /** The answers not saved yet, or null once there are none (nothing changed, or back to what is saved). */
  onDraft: (period: FsePeriod, answers: FseInformationInput | null) => void;
  /** Saved: just before the return to the record. */
  onSaved: (period: FsePeriod) => void;
}

export function SurveyForm({ recordId, period, survey, draft, onDraft, onSaved }: SurveyFormProps) {
  const navigate = useNavigate();
  const back = `/records/${recordId}`;
  const form = useForm<FseInformationInput, unknown, FseInformation>({
    resolver: zodResolver(fseInformationSchema),
    mode: "onChange",
    defaultValues: survey ? survey.information : fseFormDefaults(period),
  });
  const { save, saving } = useSaveSurvey(recordId, survey);
  const [failure, setFailure] = useState<string | null>(null);

  // The draft this tab was shown with (later ones are this form's own answers), over the saved answers: still "changed".
  const [restored] = useState(draft);
  useEffect(() => {
    if (restored) form.reset(restored, { keepDefaultValues: true });
  }, [form, restored]);
  // The screen knows which tabs hold unsaved answers (its leave guard), and keeps them when the tab is left.
  const { isDirty } = form.formState;
  const dirty = useRef(isDirty);
  useEffect(() => {
    dirty.current = isDirty;
    onDraft(period, isDirty ? form.getValues() : null);
  }, [form, isDirty, onDraft, period]);
  useEffect(
    () => () => {
      if (dirty.current) onDraft(period, form.getValues());
    },
    [form, onDraft, period],
  );

  const submit = form.handleSubmit((information) => {
    setFailure(null);
    save(information, {
      onSuccess: () => {
        onSaved(period);
        navigate(back);
      },
      onError: (error) => setFailure(error.statusCode === 409 && error.message === FSE_MSG.concurrentChange ? FSE_MSG.concurrentChange : FSE_MSG.saveError),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="lg">
        <SurveyFields form={form} />
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(back)}>
            {FSE_MSG.cancel}
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving}>
            {FSE_MSG.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
