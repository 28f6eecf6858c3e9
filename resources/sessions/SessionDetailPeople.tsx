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
        <Text size="sm" color="dimmed">
          {t.noTrainees}
        </Text>
      ) : (
        <Table fontSize="sm" verticalSpacing="xs" aria-label={t.trainees(trainees.length)}>
          <thead>
            <tr>
              <th>{t.traineeName}</th>
              <th>{t.recordStatus}</th>
            </tr>
          </thead>
          <tbody>
            {trainees.map((trainee) => (
              <tr key={trainee.id}>
                <td>
                  <Anchor component={Link} to={`/records/${trainee.recordId}`} size="sm" title={t.openRecord(`${trainee.lastName} ${trainee.firstName}`)}>
                    {trainee.lastName} {trainee.firstName}
                  </Anchor>
                </td>
                <td>{recordStatusLabel(trainee.status)}</td>
              </tr>
            ))}
          </tbody>
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
