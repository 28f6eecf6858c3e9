/**
 * 'Mise à jour du statut du dossier de formation' (spec part 2 §2, §5): the targets the lifecycle allows from the record's status
 * (status-transitions.ts) with their action labels, the rejection reason for REJECTED, then a confirmation naming the action
 * (and saying so when it closes the record for good).
 * Sends the record's version; AGORA's refusal shows under 'Erreurs Agora', a concurrent change (409) in French.
 */
import { Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { AgoraErrors, agoraLinksOf } from "./AgoraErrors";
import type { RejectionReason } from "./enums";
import { confirmStatusChange, FINAL_STATUS_NOTE, RECORD_MSG } from "./messages";
import { EXCHANGE_TEXTS, ExchangeLoader, ExchangeUnderWay, RejectionReasonSelect, useRecordExchange } from "./record-exchange";
import { pendingExchangeOf } from "./RecordExchanges";
import { RecordStatusBadge } from "./RecordStatusBadge";
import { allowedTargets, isClosedStatus, needsRejectionReason, RECORD_ACTION_LABELS, type RecordTargetStatus } from "./status-transitions";

export interface RecordStatusModalProps {
  /** The record whose status changes; null when closed. */
  recordId: string | null;
  onClose: () => void;
}

export function RecordStatusModal({ recordId, onClose }: RecordStatusModalProps) {
  return (
    <Modal opened={recordId !== null} onClose={onClose} size="lg" centered title={<Text fw={700}>{RECORD_MSG.statusModalTitle}</Text>}>
      {/* Keyed by the record: another record starts afresh (no target, reason nor refusal kept from the previous one). */}
      {recordId !== null && <StatusChange key={recordId} recordId={recordId} onClose={onClose} />}
    </Modal>
  );
}

function StatusChange({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const { record, loadError, send, sending, error } = useRecordExchange(recordId, "status");
  const [target, setTarget] = useState<RecordTargetStatus | null>(null);
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [tried, setTried] = useState(false);

  const targets = record ? (allowedTargets(record.status) as RecordTargetStatus[]) : [];
  const reasonNeeded = target !== null && needsRejectionReason(target);

  const next = () => {
    setTried(true);
    if (target === null || (reasonNeeded && !reason)) return;
    setConfirming(true);
  };

  const confirm = () => {
    if (!record || target === null) return;
    send({ status: target, ...(reasonNeeded && reason ? { options: { reason } } : {}), version: record.version }, onClose, EXCHANGE_TEXTS.statusDone);
  };

  if (!record) return <ExchangeLoader error={loadError} />;
  // An exchange under way: nothing else can be sent until AGORA's answer is applied.
  const underWay = pendingExchangeOf(record);
  if (underWay) return <ExchangeUnderWay exchange={underWay} onClose={onClose} />;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm">{EXCHANGE_TEXTS.currentStatus} :</Text>
        <RecordStatusBadge status={record.status} />
      </Group>
      {confirming && target !== null ? (
        <Stack gap={4}>
          <Text size="sm">{confirmStatusChange(RECORD_ACTION_LABELS[target])}</Text>
          {isClosedStatus(target) && (
            <Text size="sm" fw={600}>
              {FINAL_STATUS_NOTE}
            </Text>
          )}
        </Stack>
      ) : (
        <>
          <Radio.Group
            label={EXCHANGE_TEXTS.target}
            required
            value={target ?? ""}
            onChange={(value) => setTarget(targets.find((t) => t === value) ?? null)}
            error={tried && target === null ? RECORD_MSG.reasonRequired : undefined}
          >
            <Stack gap="xs" mt={4}>
              {targets.map((t) => (
                <Radio key={t} value={t} label={RECORD_ACTION_LABELS[t]} />
              ))}
            </Stack>
          </Radio.Group>
          {reasonNeeded && <RejectionReasonSelect value={reason} onChange={setReason} missing={tried} />}
        </>
      )}
      <AgoraErrors error={error} links={agoraLinksOf(record)} />
      <Group justify="flex-end" gap="sm">
        {confirming ? (
          <>
            <Button variant="default" onClick={() => setConfirming(false)} disabled={sending}>
              {EXCHANGE_TEXTS.back}
            </Button>
            <Button onClick={confirm} loading={sending}>
              {EXCHANGE_TEXTS.confirm}
            </Button>
          </>
        ) : (
          <>
            <Button variant="default" onClick={onClose}>
              {EXCHANGE_TEXTS.cancel}
            </Button>
            <Button onClick={next}>{EXCHANGE_TEXTS.next}</Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
