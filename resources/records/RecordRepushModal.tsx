/**
 * 'Mise à jour Agora' (spec part 2 §2): re-sends the record to AGORA in its current status (every status but SETUP); a REJECTED
 * record needs its rejection reason again, offered as the one it holds. Success: 'Le dossier a été mis à jour avec succès' and
 * 'Fermer'. Sends the record's version; AGORA's refusal shows under 'Erreurs Agora', a concurrent change (409) in French.
 */
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { AgoraErrors, agoraLinksOf } from "./AgoraErrors";
import type { TrainingRecord } from "./api-answers";
import type { RejectionReason } from "./enums";
import { RECORD_MSG } from "./messages";
import { EXCHANGE_TEXTS, ExchangeLoader, ExchangeUnderWay, RejectionReasonSelect, useRecordExchange } from "./record-exchange";
import { pendingExchangeOf } from "./RecordExchanges";
import { RecordStatusBadge } from "./RecordStatusBadge";
import { needsRejectionReason } from "./status-transitions";

export function RecordRepushModal({ recordId, onClose }: { recordId: string | null; onClose: () => void }) {
  return (
    <Modal opened={recordId !== null} onClose={onClose} size="lg" centered title={<Text fw={700}>{RECORD_MSG.repushMenu}</Text>}>
      {/* Keyed by the record: another record starts afresh (no reason, success nor refusal kept from the previous one). */}
      {recordId !== null && <Repush key={recordId} recordId={recordId} onClose={onClose} />}
    </Modal>
  );
}

function Repush({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const exchange = useRecordExchange(recordId, "reengineering");
  if (!exchange.record) return <ExchangeLoader error={exchange.loadError} />;
  // An exchange under way: nothing else can be sent until AGORA's answer is applied.
  const underWay = pendingExchangeOf(exchange.record);
  if (underWay) return <ExchangeUnderWay exchange={underWay} onClose={onClose} />;
  return <RepushForm record={exchange.record} exchange={exchange} onClose={onClose} />;
}

interface RepushFormProps {
  record: TrainingRecord;
  exchange: Pick<ReturnType<typeof useRecordExchange>, "send" | "sending" | "error">;
  onClose: () => void;
}

/** Once the record is read: its current rejection reason is the one offered (re-sent as it is unless the user picks another). */
function RepushForm({ record, exchange, onClose }: RepushFormProps) {
  const { send, sending, error } = exchange;
  const [reason, setReason] = useState<RejectionReason | null>(record.rejectionReason);
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState(false);

  const reasonNeeded = needsRejectionReason(record.status);

  const submit = () => {
    setTried(true);
    if (reasonNeeded && !reason) return;
    send({ status: record.status, ...(reasonNeeded && reason ? { options: { reason } } : {}), version: record.version }, (pending) =>
      pending ? onClose() : setDone(true),
    );
  };

  if (done)
    return (
      <Stack gap="md">
        <Alert color="mint" icon={<IconCircleCheck size={18} />} role="status">
          {RECORD_MSG.repushSuccess}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>{RECORD_MSG.close}</Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm">{EXCHANGE_TEXTS.currentStatus} :</Text>
        <RecordStatusBadge status={record.status} />
      </Group>
      <Text size="sm">{EXCHANGE_TEXTS.repushQuestion}</Text>
      {reasonNeeded && <RejectionReasonSelect value={reason} onChange={setReason} missing={tried} />}
      <AgoraErrors error={error} links={agoraLinksOf(record)} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={sending}>
          {EXCHANGE_TEXTS.cancel}
        </Button>
        <Button onClick={submit} loading={sending}>
          {EXCHANGE_TEXTS.repush}
        </Button>
      </Group>
    </Stack>
  );
}
