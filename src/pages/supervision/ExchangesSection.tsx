/**
 * AGORA exchanges an operator must settle (unsettled ones, and failed creations that block their trainee and session), oldest
 * first as the API lists them, with « Demander à AGORA » (the reconciliation, now) and « Abandonner » (a reason, required).
 */
import { Anchor, Badge, Button, Stack, Table, Text } from "@mantine/core";
import { IconPlayerStop, IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { EXCHANGE_KINDS, EXCHANGE_STATES, UNSETTLED_EXCHANGE_STATES } from "../../../resources/records/exchanges";
import type { SupervisionExchange } from "../../../resources/supervision/schema";
import { Section } from "../../components/DescriptionList";
import { HorizontalScroll } from "../../components/HorizontalScroll";
import { SCREEN_READER_ONLY } from "../../components/screen-reader-only";
import { NC } from "../../lib/format";
import { AbandonModal } from "./AbandonModal";
import { formatAge, formatMinute, SUPERVISION_TEXTS as T } from "./texts";
import { useSupervisionAction } from "./use-supervision-action";

/** Names the exchange in its buttons and in the abandon modal: « Changement de statut du 28/11/2026 14:03 ». */
const exchangeName = (exchange: SupervisionExchange) => `${EXCHANGE_KINDS[exchange.kind]} du ${formatMinute(exchange.createdAt)}`;

const isUnsettled = (exchange: SupervisionExchange) => (UNSETTLED_EXCHANGE_STATES as readonly string[]).includes(exchange.state);

function Target({ exchange }: { exchange: SupervisionExchange }) {
  // A blocking creation has no record here (AGORA's number is another one's): its trainee is what the operator looks at.
  const [path, text] = exchange.recordId
    ? [`/records/${exchange.recordId}`, T.openRecord]
    : exchange.traineeId
      ? [`/trainees/${exchange.traineeId}`, T.openTrainee]
      : [null, NC];
  if (!path) return <>{text}</>;
  return (
    <Anchor component={Link} to={path} size="sm">
      {text}
      <span style={SCREEN_READER_ONLY}> : {exchangeName(exchange)}</span>
    </Anchor>
  );
}

export function ExchangesSection({ exchanges, onDone }: { exchanges: SupervisionExchange[]; onDone: () => void }) {
  const action = useSupervisionAction(onDone);
  const [abandoning, setAbandoning] = useState<SupervisionExchange | null>(null);
  const busy = (url: string) => action.pending && action.target === url;

  return (
    <Section title={T.exchanges}>
      {exchanges.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.noExchange}
        </Text>
      ) : (
        <HorizontalScroll label={`${T.exchanges}, défilable`}>
          <Table fz="sm" verticalSpacing="xs" striped aria-label={T.exchanges} miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.exchange}</Table.Th>
                <Table.Th>{T.state}</Table.Th>
                <Table.Th>{T.age}</Table.Th>
                <Table.Th ta="right">{T.attempts}</Table.Th>
                <Table.Th>{T.record}</Table.Th>
                <Table.Th>
                  <span style={SCREEN_READER_ONLY}>{T.actions}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exchanges.map((exchange) => {
                const name = exchangeName(exchange);
                const reconcile = `/supervision/exchanges/${exchange.id}/reconcile`;
                return (
                  <Table.Tr key={exchange.id} data-exchange-id={exchange.id}>
                    <Table.Td>
                      {EXCHANGE_KINDS[exchange.kind]}
                      <Text size="xs" c="dimmed">
                        {T.by(exchange.employee.name)}
                      </Text>
                      {exchange.blocking && (
                        <Badge mt={4} color="red" variant="light" styles={{ root: { textTransform: "none" } }}>
                          {T.blocking}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td maw={300}>
                      {EXCHANGE_STATES[exchange.state]}
                      {exchange.lastError && (
                        <Text size="xs" c="dimmed">
                          {exchange.lastError}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {formatAge(exchange.ageSeconds)}
                      <Text size="xs" c="dimmed">
                        {T.since(formatMinute(exchange.createdAt))}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{exchange.attempts}</Table.Td>
                    <Table.Td>
                      <Target exchange={exchange} />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={6} align="stretch">
                        {isUnsettled(exchange) && (
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconRefresh size={14} />}
                            aria-label={`${T.askAgora} : ${name}`}
                            loading={busy(reconcile)}
                            disabled={action.pending && !busy(reconcile)}
                            onClick={() => action.run(reconcile, T.asked)}
                          >
                            {T.askAgora}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          leftSection={<IconPlayerStop size={14} />}
                          aria-label={`${T.abandon} : ${name}`}
                          disabled={action.pending}
                          onClick={() => setAbandoning(exchange)}
                        >
                          {T.abandon}
                        </Button>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </HorizontalScroll>
      )}
      <AbandonModal
        what={abandoning ? exchangeName(abandoning) : null}
        pending={action.pending}
        onCancel={() => setAbandoning(null)}
        onConfirm={(reason) =>
          abandoning && action.run(`/supervision/exchanges/${abandoning.id}/abandon`, T.abandoned, { reason }, () => setAbandoning(null))
        }
      />
    </Section>
  );
}
