/**
 * A record's detail (spec part 2 §2 "/records/{rid}"), shared by the list's detail modal and the detail page: the trainee, the
 * session and its training, the status and dates, the rejection reason (REJECTED) or the exit reason, why the record is blocking
 * when it is, an exchange with AGORA under way, its exchanges and its history. Empty values show 'NC.', dates DD/MM/YYYY.
 */
import { Alert, Anchor, List, Stack } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import { DescriptionList, Section } from "../../src/components/DescriptionList";
import { formatDate, formatDateTime } from "../../src/lib/format";
import { agoraLinksOf } from "./AgoraErrors";
import type { RecordListItem, TrainingRecord } from "./api-answers";
import { EXIT_REASONS, REJECTION_REASONS } from "./enums";
import { ExchangePendingAlert, pendingExchangeOf, RecordExchanges } from "./RecordExchanges";
import { RecordHistory } from "./RecordHistory";
import { RecordStatusBadge } from "./RecordStatusBadge";

export const RECORD_DETAIL_TEXTS = {
  trainee: "Stagiaire",
  traineeLink: "Voir le stagiaire",
  name: "Nom",
  birthDate: "Date de naissance",
  ssn: "NIR",
  session: "Session et formation",
  sessionLink: "Voir la session",
  training: "Formation",
  trainingNumber: "N° de formation",
  educational: "Organisme de formation",
  sessionPeriod: "Période de la session",
  record: "Dossier",
  agoraId: "N° de dossier",
  status: "Statut",
  planned: "Dates prévues",
  real: "Dates réelles",
  sessionDates: "Dates de la session",
  rejectionReason: "Motif de rejet",
  rejectionDate: "Date de rejet",
  exitReason: "Motif de sortie",
  closedDate: "Date de clôture",
  fsesCount: "Questionnaires FSE",
  blocking: "Dossier bloquant",
} as const;

export const period = (start: string | null, end: string | null) => `du ${formatDate(start)} au ${formatDate(end)}`;

/** A row's name for screen readers and its menu: the trainee, and the file number that tells two records of a namesake apart. */
export const recordLabel = (record: Pick<RecordListItem, "trainee" | "agoraId">) =>
  `${record.trainee.lastName} ${record.trainee.firstName} ${record.agoraId}`;

export function RecordDetail({ record }: { record: TrainingRecord }) {
  const t = RECORD_DETAIL_TEXTS;
  const { trainee, session } = record;
  // Why the record is a 'dossier bloquant' (design.md "Record lifecycle"), as the server computes it for the list's filter.
  const blocking = record.blockingReasons;
  const rejected = record.status === "REJECTED";
  const pending = pendingExchangeOf(record);
  return (
    <Stack gap="md">
      {pending && <ExchangePendingAlert exchange={pending} />}
      {blocking.length > 0 && (
        <Alert color="peach" icon={<IconAlertTriangle size={18} />} title={t.blocking}>
          <List size="sm">
            {blocking.map((reason) => (
              <List.Item key={reason.code}>{reason.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Section title={t.record}>
        <DescriptionList
          items={[
            { label: t.agoraId, value: record.agoraId },
            { label: t.status, value: <RecordStatusBadge status={record.status} /> },
            { label: t.planned, value: period(record.plannedStartDate, record.plannedEndDate) },
            { label: t.real, value: record.realStartDate || record.realEndDate ? period(record.realStartDate, record.realEndDate) : null },
            { label: t.sessionDates, value: period(record.startDateSession, record.endDateSession) },
            ...(rejected
              ? [
                  { label: t.rejectionReason, value: record.rejectionReason && REJECTION_REASONS[record.rejectionReason] },
                  { label: t.rejectionDate, value: record.rejectionDate && formatDateTime(record.rejectionDate) },
                ]
              : [
                  { label: t.exitReason, value: record.exitReason && EXIT_REASONS[record.exitReason] },
                  { label: t.closedDate, value: record.closedDate && formatDateTime(record.closedDate) },
                ]),
            { label: t.fsesCount, value: String(record.fsesCount) },
          ]}
        />
      </Section>
      <Section
        title={t.trainee}
        actions={
          <Anchor component={Link} to={`/trainees/${trainee.id}`} size="sm" fw={500}>
            {t.traineeLink}
          </Anchor>
        }
      >
        <DescriptionList
          items={[
            { label: t.name, value: `${trainee.lastName} ${trainee.firstName}` },
            { label: t.birthDate, value: formatDate(trainee.birthDate) },
            { label: t.ssn, value: trainee.ssn },
          ]}
        />
      </Section>
      <Section
        title={t.session}
        actions={
          <Anchor component={Link} to={`/sessions/${session.id}`} size="sm" fw={500}>
            {t.sessionLink}
          </Anchor>
        }
      >
        <DescriptionList
          items={[
            { label: t.training, value: session.training.name, wide: true },
            { label: t.trainingNumber, value: session.training.number },
            { label: t.educational, value: session.training.educationalOrganization.name },
            { label: t.sessionPeriod, value: period(session.startDate, session.endDate) },
          ]}
        />
      </Section>
      <RecordExchanges record={record} />
      <RecordHistory events={record.events} links={agoraLinksOf(record)} />
    </Stack>
  );
}
