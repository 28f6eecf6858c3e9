/**
 * /records/create (spec part 2 §2, §5, §8): the wizard 'Création d'un dossier de formation', steps 'Stagiaire', 'Session',
 * 'Récapitulatif'; success goes to /records. The record is created through AGORA: a refusal (422) shows under 'Erreurs Agora'
 * the message AGORA gave (`details.agora.message`, one line per message, with its hint); a trainee who got a record meanwhile
 * the API's 409 reason; anything else 'Une erreur est survenue lors de la création'.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useCreate, useNotification, type BaseRecord, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Wizard, WIZARD_TEXTS } from "../../../src/components/Wizard";
import { agoraDetailsOf } from "../AgoraErrors";
import { recordsDescriptor } from "../descriptor";
import { agoraMessageLines, RECORD_MSG } from "../schema";
import { emptyRecordCreate, recordCreateSchema, toRecordCreateBody, type RecordCreateOutput, type RecordCreateValues } from "./form";
import { SessionStep } from "./SessionStep";
import { RecapStep, TraineeStep } from "./steps";

export const RECORD_CREATE_TEXTS = { failed: "Une erreur est survenue lors de la création" } as const;

export default function RecordCreate() {
  const { listPath, name } = recordsDescriptor;
  const navigate = useNavigate();
  const { open } = useNotification();
  const [step, setStep] = useState(0);
  const [failure, setFailure] = useState<HttpError | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<RecordCreateValues, unknown, RecordCreateOutput>({ resolver: zodResolver(recordCreateSchema), mode: "onChange", defaultValues: emptyRecordCreate() });
  const { mutate } = useCreate<BaseRecord, HttpError, object>();

  const save = form.handleSubmit((values) => {
    setFailure(null);
    setSaving(true);
    mutate(
      { resource: name, values: toRecordCreateBody(values), successNotification: false, errorNotification: false },
      {
        onSettled: () => setSaving(false),
        onSuccess: ({ data }) => {
          // 202: AGORA did not answer in time; the record appears once its answer is confirmed.
          const pending = "exchange" in data && "message" in data;
          open?.(pending ? { type: "progress", message: String(data.message) } : { type: "success", message: WIZARD_TEXTS.created });
          navigate(listPath);
        },
        onError: (error) => {
          setFailure(error);
          const agora = agoraDetailsOf(error);
          open?.({ type: "error", message: agora ? agoraMessageLines(agora).join(" ") : RECORD_CREATE_TEXTS.failed });
        },
      },
    );
  });

  return (
    <Wizard<RecordCreateValues>
      title={RECORD_MSG.createTitle}
      steps={[
        { label: RECORD_MSG.stepTrainee, fields: ["trainee"], content: <TraineeStep form={form} /> },
        { label: RECORD_MSG.stepSession, fields: ["session"], content: <SessionStep form={form} /> },
        { label: RECORD_MSG.stepSummary, content: <RecapStep form={form} failure={failure} failedMessage={RECORD_CREATE_TEXTS.failed} /> },
      ]}
      step={step}
      onStepChange={setStep}
      trigger={form.trigger}
      onSave={() => void save()}
      saving={saving}
      onCancel={() => navigate(listPath)}
    />
  );
}
