/**
 * A session's detail (spec part 2 §2 "/sessions/{sid}"), shared by the list's detail modal and the detail page: the training,
 * the information, the trainees, the bilan's state and the documents. The training and information blocks are also the
 * creation wizard's 'Récapitulatif'. Empty values show 'NC.', dates DD/MM/YYYY, prices in euros.
 */
import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { DescriptionList, Section } from "../../src/components/DescriptionList";
import { formatDate, formatEuros, formatPeriod, formatYesNo } from "../../src/lib/format";
import { trainingsDescriptor } from "../trainings/descriptor";
import { SESSION_INFORMATION_LABELS, SESSION_INFORMATION_TITLE } from "./InformationFields";
import { EDUCATIONAL_COSTS, PURCHASING_UNITS, type Session, type SessionInformation, type SessionListItem } from "./schema";
import { SessionDocumentsSection } from "./SessionDetailDocuments";
import { SessionBilanSection, SessionTraineesSection } from "./SessionDetailPeople";

export const SESSION_DETAIL_TEXTS = {
  training: "Formation",
  trainingLink: "Voir la formation",
  number: "N° de formation",
  actionNumber: "N° d'action",
  marketNumber: "N° de marché",
  name: "Intitulé",
  educational: "Organisme de formation",
  contracting: "Organisme contractant",
  healthcareSocial: "Sanitaire et social",
  fse: "FSE",
  traineesCount: "Nombre de stagiaires",
} as const;

/** What the training block needs: a session's training, or the training chosen in the wizard. */
export type SessionTrainingData = Pick<SessionListItem["training"], "id"> & { information: SessionListItem["training"]["information"] };

/** What the information block needs: a session's information, or the wizard's validated values (dates `YYYY-MM-DD`). */
export type SessionInformationData = SessionInformation;

type NamedSession = Pick<SessionListItem, "training" | "information">;

const period = ({ information }: NamedSession) => formatPeriod(information.startDate, information.endDate);

/** A row's name for screen readers and its menu: a training has several sessions, their dates tell them apart. */
export const sessionLabel = (session: NamedSession) => `${session.training.information.number} ${session.training.information.name} ${period(session)}`;

/** A session with records cannot be deleted (spec §4, the API answers 409): « Supprimer » is not offered for it. */
export const sessionDeletable = (session: Pick<SessionListItem, "traineesCount">) => session.traineesCount === 0;

/** The delete question, dates included for the same reason. */
export function sessionDeleteQuestion(session: NamedSession) {
  return (
    <>
      Voulez-vous vraiment supprimer la session <b>{session.training.information.name}</b> {period(session)} ?
    </>
  );
}

function OrganizationValue({ organization }: { organization: { name: string; siret: string } }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {organization.name}
      </Text>
      <Text size="xs" c="dimmed">
        SIRET {organization.siret}
      </Text>
    </Stack>
  );
}

export function SessionTrainingSection({ training, withLink = true }: { training: SessionTrainingData; withLink?: boolean }) {
  const t = SESSION_DETAIL_TEXTS;
  const { information } = training;
  return (
    <Section
      title={t.training}
      actions={
        withLink ? (
          <Anchor component={Link} to={`${trainingsDescriptor.listPath}/${training.id}`} size="sm" fw={500}>
            {t.trainingLink}
          </Anchor>
        ) : undefined
      }
    >
      <DescriptionList
        items={[
          { label: t.name, value: information.name, wide: true },
          { label: t.number, value: information.number },
          { label: t.actionNumber, value: information.actionNumber },
          { label: t.marketNumber, value: information.marketNumber },
          { label: t.healthcareSocial, value: formatYesNo(information.healthcareSocial) },
          { label: t.educational, value: <OrganizationValue organization={information.educationalOrganization} /> },
          { label: t.contracting, value: <OrganizationValue organization={information.contractingOrganization} /> },
          { label: t.fse, value: formatYesNo(information.fse) },
        ]}
      />
    </Section>
  );
}

export function SessionInformationSection({ information, traineesCount }: { information: SessionInformationData; traineesCount?: number }) {
  const labels = SESSION_INFORMATION_LABELS;
  return (
    <Section title={SESSION_INFORMATION_TITLE}>
      <DescriptionList
        items={[
          { label: labels.startDate, value: formatDate(information.startDate) },
          { label: labels.endDate, value: formatDate(information.endDate) },
          { label: labels.capacity, value: information.capacity },
          ...(traineesCount === undefined ? [] : [{ label: SESSION_DETAIL_TEXTS.traineesCount, value: traineesCount }]),
          { label: labels.totalPricePerPersonIncludingTaxes, value: formatEuros(information.totalPricePerPersonIncludingTaxes) },
          { label: labels.totalPricePerPersonTaxFree, value: formatEuros(information.totalPricePerPersonTaxFree) },
          { label: labels.purchasingUnit, value: PURCHASING_UNITS[information.purchasingUnit] },
          { label: labels.actualOrCalculatedEducationalCost, value: EDUCATIONAL_COSTS[information.actualOrCalculatedEducationalCost] },
        ]}
      />
    </Section>
  );
}

export function SessionDetail({ session }: { session: Session }) {
  return (
    <Stack gap="md">
      <SessionTrainingSection training={session.training} />
      <SessionInformationSection information={session.information} traineesCount={session.traineesCount} />
      <SessionTraineesSection trainees={session.trainees} />
      <SessionBilanSection result={session.result} />
      <SessionDocumentsSection session={session} />
    </Stack>
  );
}
