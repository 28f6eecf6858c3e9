/**
 * What the status modal and the 'Mise à jour Agora' modal share: the record read afresh on opening (its status and version: a
 * change based on an older version is refused, 409), the PATCH that goes through AGORA, and the rejection reason's select.
 */
import { Alert, Button, Center, Group, Loader, Select, Stack } from "@mantine/core";
import { useCustomMutation, useInvalidate, useNotification, useOne, type HttpError } from "@refinedev/core";
import { useState } from "react";
import type { TrainingRecord } from "./api-answers";
import type { RecordRepushBodyInput } from "./bodies";
import type { ExchangePendingAnswer, RecordExchange } from "./exchanges";
import { ExchangePendingAlert } from "./RecordExchanges";
import { rejectionReasonOptions, type RejectionReason } from "./enums";
import { RECORD_MSG } from "./messages";

export const EXCHANGE_TEXTS = {
  reason: "Motif de rejet",
  clearReason: "Effacer le motif de rejet",
  cancel: "Annuler",
  back: "Retour",
  next: "Continuer",
  confirm: "Confirmer",
  repush: "Mettre à jour",
  currentStatus: "Statut actuel",
  target: "Nouveau statut",
  repushQuestion: "Le dossier sera envoyé de nouveau à Agora dans son statut actuel.",
  statusDone: "Le statut du dossier a été mis à jour",
  loading: "Chargement…",
} as const;

/** PATCH …/status and …/reengineering share their body (resources/records/bodies.ts). */
export type ExchangeBody = RecordRepushBodyInput;

/** The record (fresh from the API), and `send` for PATCH /api/records/{id}/<path>; lists and detail are reloaded after a success. */
export function useRecordExchange(recordId: string, path: "status" | "reengineering") {
  // The version sent is the one read when the modal opened: a copy cached by an earlier opening is not shown (it could be
  // replaced by the background re-read after the user chose, so the change would go through on a version they never saw).
  const [openedAt] = useState(() => Date.now());
  const { query, result } = useOne<TrainingRecord, HttpError>({
    resource: "records",
    id: recordId,
    errorNotification: false,
    queryOptions: { refetchOnMount: "always" },
  });
  const fresh = query.dataUpdatedAt >= openedAt;
  const loadError = query.isError && query.errorUpdatedAt >= openedAt ? query.error : null;
  const { mutate, mutation } = useCustomMutation<TrainingRecord | ExchangePendingAnswer["data"], HttpError, ExchangeBody>();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [error, setError] = useState<HttpError | null>(null);

  /** `onDone(pending)`: pending when AGORA did not answer in time (202; a notification says so). */
  const send = (body: ExchangeBody, onDone: (pending: boolean) => void, doneMessage?: string) => {
    setError(null);
    mutate(
      {
        url: `/records/${recordId}/${path}`,
        method: "patch", values: body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          // 202: AGORA did not answer in time; the exchange is confirmed later (the record shows « Envoi à AGORA en cours »).
          const pending = "exchange" in data;
          if (pending) open?.({ type: "progress", message: data.message });
          else if (doneMessage) open?.({ type: "success", message: doneMessage });
          onDone(pending);
          void invalidate({ resource: "records", invalidates: ["list", "detail"], id: recordId });
        },
        // A refusal adds to the history: the detail shows it once reloaded.
        onError: (failure) => {
          setError(failure);
          void invalidate({ resource: "records", invalidates: ["list", "detail"], id: recordId });
        },
      },
    );
  };
  return { record: query.isError || !fresh ? undefined : result, loadError, send, sending: mutation.isPending, error };
}

/** While the record is read: a loader, or why it could not be read. */
export function ExchangeLoader({ error }: { error: HttpError | null }) {
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.statusCode === 404 ? RECORD_MSG.notFound : RECORD_MSG.showError}
      </Alert>
    );
  return (
    <Center py="lg" role="status" aria-label={EXCHANGE_TEXTS.loading}>
      <Loader />
    </Center>
  );
}

export interface ReasonSelectProps {
  value: RejectionReason | null;
  onChange: (value: RejectionReason | null) => void;
  /** Shown under the select once the user tried to go on without a reason. */
  missing: boolean;
}

const isReason = (value: string | null): value is RejectionReason => rejectionReasonOptions.some((option) => option.value === value);

/** The rejection reason, required: 'Ce champs est obligatoire' (spec §5, verbatim). */
export function RejectionReasonSelect({ value, onChange, missing }: ReasonSelectProps) {
  return (
    <Select
      label={EXCHANGE_TEXTS.reason}
      required
      searchable
      clearable
      clearButtonProps={{ "aria-label": EXCHANGE_TEXTS.clearReason }}
      nothingFoundMessage="Aucun motif"
      data={rejectionReasonOptions}
      value={value}
      onChange={(next) => onChange(isReason(next) ? next : null)}
      error={missing && !value ? RECORD_MSG.reasonRequired : undefined}
    />
  );
}

/** The modal's content while an exchange is under way: why nothing can be sent now, and a way out. */
export function ExchangeUnderWay({ exchange, onClose }: { exchange: RecordExchange; onClose: () => void }) {
  return (
    <Stack gap="md">
      <ExchangePendingAlert exchange={exchange} />
      <Group justify="flex-end">
        <Button onClick={onClose}>{RECORD_MSG.close}</Button>
      </Group>
    </Stack>
  );
}
