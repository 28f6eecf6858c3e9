/**
 * « Abandonner » an AGORA exchange: the reason is required (the API refuses an empty one with the same sentence, SUPERVISION_MSG)
 * and ends in the record's history. The modal stays open on a refusal and shows why.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { SUPERVISION_MSG } from "../../../resources/supervision/schema";
import { SUPERVISION_TEXTS as T } from "./texts";

export interface AbandonModalProps {
  /** What is abandoned, in words (« Changement de statut, il y a 3 h »); null when closed. */
  what: string | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

const REASON_MAX = 500;

export function AbandonModal({ what, pending, onCancel, onConfirm }: AbandonModalProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (what !== null) {
      setReason("");
      setError(null);
    }
  }, [what]);

  const confirm = () => {
    if (reason.trim() !== "") return onConfirm(reason.trim());
    setError(SUPERVISION_MSG.reasonRequired);
    // The error is read with the field it is about (its description), where the operator has to type.
    field.current?.focus();
  };

  return (
    <Modal opened={what !== null} onClose={onCancel} size="lg" centered title={<Text fw={700}>{T.abandonTitle}</Text>}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {what}
          </Text>
          <Text size="sm">{T.abandonWhat}</Text>
          <Textarea
            label={T.abandonReason}
            required
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            value={reason}
            error={error}
            ref={field}
            data-autofocus
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {T.cancel}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {T.abandonConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
