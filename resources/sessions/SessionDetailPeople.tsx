/** The session detail's trainees (name, a link to their record, and its status) and its bilan's state (validated or not, by whom and when). */
import { Anchor, Badge, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { DescriptionList, Section } from "../../src/components/DescriptionList";
import { formatDateTime } from "../../src/lib/format";
import { recordStatusLabel } from "../common/record-statuses";
import { RESULT_LEVEL_LABEL, RESULT_LEVELS, type Session } from "./schema";

export const SESSION_PEOPLE_TEXTS = {
  trainees: (count: number) => `Stagiaires (${count})`,
  noTrainees: "Aucun stagiaire inscrit à cette session",
  traineeName: "Stagiaire",
  openRecord: (name: string) => `${name} : ouvrir son dossier de formation`,
  recordStatus: "Statut du dossier de formation",
  bilan: "Bilan",
  bilanState: "État du bilan",
  validated: "Validé",
  notValidated: "Non validé",
  validatedBy: "Validé par",
  validatedDate: "Validé le",
} as const;

export function SessionTraineesSection({ trainees }: { trainees: Session["trainees"] }) {
  const t = SESSION_PEOPLE_TEXTS;
  return (
    <Section title={t.trainees(trainees.length)}>
      {trainees.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noTrainees}
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing="xs" aria-label={t.trainees(trainees.length)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.traineeName}</Table.Th>
              <Table.Th>{t.recordStatus}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trainees.map((trainee) => (
              <Table.Tr key={trainee.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/records/${trainee.recordId}`} size="sm" title={t.openRecord(`${trainee.lastName} ${trainee.firstName}`)}>
                    {trainee.lastName} {trainee.firstName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{recordStatusLabel(trainee.status)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

export function SessionBilanSection({ result }: { result: Session["result"] }) {
  const t = SESSION_PEOPLE_TEXTS;
  const validated = result.validatedAssessment;
  return (
    <Section
      title={t.bilan}
      actions={
        <Badge color={validated ? "mint" : "gray"} variant="light" styles={{ root: { textTransform: "none" } }} data-testid="bilan-state">
          {validated ? t.validated : t.notValidated}
        </Badge>
      }
    >
      <DescriptionList
        items={[
          { label: t.bilanState, value: validated ? t.validated : t.notValidated },
          { label: RESULT_LEVEL_LABEL, value: result.level ? RESULT_LEVELS[result.level] : null },
          { label: t.validatedBy, value: result.validatedBy?.name },
          { label: t.validatedDate, value: result.validatedDate ? formatDateTime(result.validatedDate) : null },
        ]}
      />
    </Section>
  );
}
