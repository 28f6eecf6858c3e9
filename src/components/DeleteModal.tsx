/**
 * Delete confirmation (modal size md). On failure it stays open with "Une erreur est survenue lors de la suppression"
 * and, for a refusal the API explains (409), the API's French reason underneath.
 *
 *   <DeleteModal resource="employees" id={target?.id} opened={!!target} onClose={() => setTarget(null)}
 *     question={<>Voulez-vous vraiment supprimer l'employé <b>DUPONT Jean</b> ?</>} onDeleted={() => navigate("/employees")} />
 */
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDelete, type HttpError } from "@refinedev/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useState, type ReactNode } from "react";

export const DELETE_TEXTS = {
  title: "Confirmer la suppression",
  failed: "Une erreur est survenue lors de la suppression",
  cancel: "Annuler",
  confirm: "Supprimer",
  done: "Suppression effectuée",
} as const;

export interface DeleteModalProps {
  resource: string;
  id: string | undefined;
  opened: boolean;
  onClose: () => void;
  question: ReactNode;
  onDeleted?: () => void;
}

export function DeleteModal({ resource, id, opened, onClose, question, onDeleted }: DeleteModalProps) {
  const { mutate, mutation } = useDelete<never, HttpError>();
  const [error, setError] = useState<HttpError | null>(null);
  useEffect(() => {
    if (opened) setError(null);
  }, [opened, id]);

  const confirm = () => {
    if (!id) return;
    setError(null);
    mutate(
      { resource, id, successNotification: () => ({ type: "success", message: DELETE_TEXTS.done }), errorNotification: false },
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
    <Modal opened={opened} onClose={onClose} size="md" centered title={<Text weight={700}>{DELETE_TEXTS.title}</Text>} data-size="md">
      <Stack spacing="md">
        <Text size="sm">{question}</Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={DELETE_TEXTS.failed}>
            {error.statusCode === 409 || error.statusCode === 403 ? error.message : null}
          </Alert>
        )}
        <Group position="right" spacing="sm">
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
