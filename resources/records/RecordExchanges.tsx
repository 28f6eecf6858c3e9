/**
 * The record's exchanges with AGORA (design.md "Exchanges never diverge"): each call that changed AGORA — creation, status change,
 * re-push — with who asked, when, and its state; an unsettled one is « Envoi à AGORA en cours » (the record takes no other change
 * meanwhile), and a refused one is retried by 'Mise à jour Agora'.
 */
import { Alert, Badge, Table, Text } from "@mantine/core";
import { useCan } from "@refinedev/core";
import { IconClockHour4 } from "@tabler/icons-react";
import { Section } from "../../src/components/DescriptionList";
import { HorizontalScroll } from "../../src/components/HorizontalScroll";
import { formatDateTime, NC } from "../../src/lib/format";
import { COLORS } from "../../src/theme";
import type { TrainingRecord } from "./api-answers";
import { recordStatusLabel } from "./enums";
import { EXCHANGE_KINDS, EXCHANGE_MSG, EXCHANGE_STATES, type ExchangeState, type RecordExchange } from "./exchanges";
import { canRepush } from "./status-transitions";

export const EXCHANGES_TEXTS = {
  title: "Échanges avec AGORA",
  scroll: "Échanges avec AGORA, défilable",
  at: "Date",
  who: "Auteur",
  what: "Action",
  target: "Statut demandé",
  state: "État",
  attempts: "Envois",
  detail: "Détail",
  retryHint: "Utilisez « Mise à jour Agora » pour envoyer de nouveau le dossier.",
} as const;

const STATE_COLORS: Record<ExchangeState, string> = {
  pending: COLORS.warning,
  answered: COLORS.warning,
  accepted: COLORS.success,
  refused: COLORS.danger,
  failed: COLORS.danger,
};

export const isUnsettledExchange = (exchange: Pick<RecordExchange, "state">) => exchange.state === "pending" || exchange.state === "answered";

/** The exchange under way, if any (the newest comes first). */
export const pendingExchangeOf = (record: Pick<TrainingRecord, "exchanges">) => record.exchanges.find(isUnsettledExchange);

/** « Envoi à AGORA en cours », and why AGORA's answer is awaited when it did not come in time. */
export function ExchangePendingAlert({ exchange }: { exchange: RecordExchange }) {
  return (
    <Alert color={COLORS.warning} icon={<IconClockHour4 size={18} />} title={EXCHANGE_MSG.pending} role="status" data-testid="exchange-pending">
      {exchange.attempts > 0 && exchange.lastError ? `${EXCHANGE_MSG.noAnswer} (${exchange.lastError}).` : EXCHANGE_MSG.recordLocked}
    </Alert>
  );
}

export function RecordExchanges({ record }: { record: Pick<TrainingRecord, "exchanges" | "status"> }) {
  const t = EXCHANGES_TEXTS;
  const { exchanges } = record;
  const canRetry = (useCan({ resource: "records", action: "repush" }).data?.can ?? false) && canRepush(record.status);
  if (exchanges.length === 0) return null;
  return (
    <Section title={t.title}>
      <HorizontalScroll label={t.scroll}>
        <Table fz="sm" verticalSpacing="xs" striped aria-label={t.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.at}</Table.Th>
              <Table.Th>{t.who}</Table.Th>
              <Table.Th>{t.what}</Table.Th>
              <Table.Th>{t.target}</Table.Th>
              <Table.Th>{t.state}</Table.Th>
              <Table.Th>{t.attempts}</Table.Th>
              <Table.Th>{t.detail}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {exchanges.map((exchange, index) => (
              <Table.Tr key={exchange.id} data-exchange-state={exchange.state}>
                <Table.Td>{formatDateTime(exchange.createdAt)}</Table.Td>
                <Table.Td>{exchange.employee.name}</Table.Td>
                <Table.Td>{EXCHANGE_KINDS[exchange.kind]}</Table.Td>
                <Table.Td>{exchange.toStatus ? recordStatusLabel(exchange.toStatus) : NC}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[exchange.state]} variant="light" styles={{ root: { textTransform: "none" } }}>
                    {EXCHANGE_STATES[exchange.state]}
                  </Badge>
                </Table.Td>
                <Table.Td>{exchange.attempts}</Table.Td>
                <Table.Td>
                  {exchange.lastError && <Text size="sm">{exchange.lastError}</Text>}
                  {/* The newest exchange refused: 'Mise à jour Agora' is its retry. */}
                  {index === 0 && exchange.state === "refused" && canRetry && (
                    <Text size="xs" c="dimmed">
                      {t.retryHint}
                    </Text>
                  )}
                  {!exchange.lastError && !(index === 0 && exchange.state === "refused" && canRetry) && NC}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </HorizontalScroll>
    </Section>
  );
}
