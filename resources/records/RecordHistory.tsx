/**
 * A record's history (design.md "Record lifecycle"): every status change and AGORA exchange as the database keeps them — who,
 * when, what, from → to, and AGORA's answer (the file number and status it accepted, or its refusal with the hints to correct it).
 */
import { Badge, Table, Text } from "@mantine/core";
import { Section } from "../../src/components/DescriptionList";
import { formatDateTime, NC } from "../../src/lib/format";
import { HorizontalScroll } from "../../src/components/HorizontalScroll";
import { AgoraErrorLines } from "./AgoraErrors";
import type { AgoraLinkIds } from "./agora-errors";
import type { RecordEvent } from "./api-answers";
import { RECORD_EVENT_KINDS, recordStatusLabel } from "./enums";

export const HISTORY_TEXTS = {
  title: "Historique",
  scroll: "Historique des échanges, défilable",
  empty: "Aucun échange enregistré",
  at: "Date",
  who: "Auteur",
  what: "Action",
  statuses: "Statut (avant → après)",
  result: "Résultat",
  answer: "Réponse d'Agora",
  success: "Réussi",
  failure: "Refusé",
  /** An abandoned exchange's reason, given by the operator in supervision. */
  note: (reason: string) => `Raison : ${reason}`,
  accepted: (agoraId: string, status: string) => `Accepté : dossier ${agoraId}, statut « ${status} »`,
} as const;

const statusText = (status: RecordEvent["fromStatus"]) => (status === null ? NC : recordStatusLabel(status));

function Answer({ event, links }: { event: RecordEvent; links: AgoraLinkIds }) {
  const { answer } = event;
  if (answer === null) return <>{NC}</>;
  if ("accepted" in answer) return <Text size="sm">{HISTORY_TEXTS.accepted(answer.accepted.agoraId, recordStatusLabel(answer.accepted.status))}</Text>;
  return (
    <>
      <Text size="xs" c="dimmed">
        Code {answer.refused.code}
      </Text>
      <AgoraErrorLines details={answer.refused} links={links} />
    </>
  );
}

export function RecordHistory({ events, links }: { events: RecordEvent[]; links: AgoraLinkIds }) {
  const t = HISTORY_TEXTS;
  return (
    <Section title={t.title}>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      ) : (
        <HorizontalScroll label={t.scroll}>
          <Table fz="sm" verticalSpacing="xs" striped aria-label={t.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.at}</Table.Th>
                <Table.Th>{t.who}</Table.Th>
                <Table.Th>{t.what}</Table.Th>
                <Table.Th>{t.statuses}</Table.Th>
                <Table.Th>{t.result}</Table.Th>
                <Table.Th>{t.answer}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.id} data-event-kind={event.kind}>
                  <Table.Td>{formatDateTime(event.at)}</Table.Td>
                  <Table.Td>{event.employee.name}</Table.Td>
                  <Table.Td>
                    {RECORD_EVENT_KINDS[event.kind]}
                    {event.note && (
                      <Text size="xs" c="dimmed">
                        {t.note(event.note)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{`${statusText(event.fromStatus)} → ${statusText(event.toStatus)}`}</Table.Td>
                  <Table.Td>
                    <Badge color={event.success ? "mint" : "red"} variant="light" styles={{ root: { textTransform: "none" } }}>
                      {event.success ? t.success : t.failure}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Answer event={event} links={links} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </HorizontalScroll>
      )}
    </Section>
  );
}
