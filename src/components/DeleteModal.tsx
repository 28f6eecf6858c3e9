/**
 * Delete confirmation (modal size md). The question names the record from its resource's descriptor ("Voulez-vous vraiment
 * supprimer l'employé <b>DUPONT Jean</b> ? Il ne pourra plus se connecter."), unless the screen gives its own.
 * On failure it stays open with "Une erreur est survenue lors de la suppression" (a 403 adds the API's French reason); a
 * conflict (409) shows the API's sentence alone, the spec's own for sessions and trainings ('Suppression impossible ! …').
 *
 *   <DeleteModal resource={employeesDescriptor} record={target} opened={!!target} onClose={() => setTarget(null)}
 *     onDeleted={() => navigate(employeesDescriptor.listPath)} />
 */
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDelete, type BaseRecord, type HttpError } from "@refinedev/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useState, type ReactNode } from "react";
import type { ResourceDescriptor } from "../../resources/resource-module";

export const DELETE_TEXTS = {
  title: "Confirmer la suppression",
  failed: "Une erreur est survenue lors de la suppression",
  cancel: "Annuler",
  confirm: "Supprimer",
  done: "Suppression effectuée",
} as const;

export interface DeleteModalProps<R extends BaseRecord> {
  resource: ResourceDescriptor<R>;
  record: R | null | undefined;
  opened: boolean;
  onClose: () => void;
  /** The screen's own question, when the descriptor's does not say enough (trainings' list adds the numbers). */
  question?: ReactNode;
  onDeleted?: () => void;
}

/** "Voulez-vous vraiment supprimer le stagiaire <b>DUPONT Jean</b> ?", then the resource's consequence if any. */
export function deleteQuestion<R>({ singular, recordTitle, deleteConsequence }: ResourceDescriptor<R>, record: R) {
  return (
    <>
      Voulez-vous vraiment supprimer {singular.the} <b>{recordTitle(record)}</b> ?{deleteConsequence && ` ${deleteConsequence}`}
    </>
  );
}

export function DeleteModal<R extends BaseRecord>({ resource, record, opened, onClose, question, onDeleted }: DeleteModalProps<R>) {
  const id = record?.id === undefined ? undefined : String(record.id);
  const { mutate, mutation } = useDelete<never, HttpError>();
  const [error, setError] = useState<HttpError | null>(null);
  useEffect(() => {
    if (opened) setError(null);
  }, [opened, id]);

  const confirm = () => {
    if (!id) return;
    setError(null);
    mutate(
      { resource: resource.name, id, successNotification: () => ({ type: "success", message: DELETE_TEXTS.done }), errorNotification: false },
      {
        onSuccess: () => {
          onClose();
          onDeleted?.();
        },
        onError: setError,
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} size="md" centered title={<Text fw={700}>{DELETE_TEXTS.title}</Text>} data-size="md">
      <Stack gap="md">
        <Text size="sm">{question ?? (record ? deleteQuestion(resource, record) : null)}</Text>
        {error && error.statusCode === 409 && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error.message}
          </Alert>
        )}
        {error && error.statusCode !== 409 && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={DELETE_TEXTS.failed} role="alert">
            {error.statusCode === 403 ? error.message : null}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            {DELETE_TEXTS.cancel}
          </Button>
          <Button color="red" onClick={confirm} loading={mutation.isPending}>
            {DELETE_TEXTS.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
