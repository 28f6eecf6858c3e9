/**
 * The question a form asks before a save whose effects cannot be taken back or are easy to miss (design.md "UI conventions":
 * irreversible actions confirm in a dialog that says what will happen), e.g. a bilan validated and mailed, attendance sheets
 * left outside new dates. EditPage shows it when the screen's `confirmSave` answers one; « Annuler » goes back to the form.
 */
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

export interface SaveConfirmation {
  title: string;
  /** What the save will do, in full sentences. */
  content: ReactNode;
  /** The button that saves: says the action ('Valider le bilan et enregistrer'). */
  confirmLabel: string;
}

export const SAVE_CONFIRM_TEXTS = { cancel: "Annuler" } as const;

export interface SaveConfirmModalProps {
  confirmation: SaveConfirmation | null;
  onCancel: () => void;
  onConfirm: () => void;
}

export function SaveConfirmModal({ confirmation, onCancel, onConfirm }: SaveConfirmModalProps) {
  return (
    <Modal opened={confirmation !== null} onClose={onCancel} size="lg" centered title={<Text fw={700}>{confirmation?.title}</Text>}>
      {confirmation && (
        <Stack gap="md">
          {confirmation.content}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus>
              {SAVE_CONFIRM_TEXTS.cancel}
            </Button>
            <Button onClick={onConfirm}>{confirmation.confirmLabel}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
