import { Text } from "@mantine/core";
import { useCan } from "@refinedev/core";
import { IconCalendarPlus } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { ResourceList, type ListColumn } from "../../src/components/ResourceList";
import { YesNoBadge } from "../../src/components/YesNoBadge";
import { formatHours, NC } from "../../src/lib/format";
import { sessionsDescriptor } from "../sessions/descriptor";
import { trainingsDescriptor } from "./descriptor";
import { trainingFilterFields } from "./list-filters";
import { trainingListQuery, type TrainingSortField } from "./list-query";
import { TRAINING_MSG, type Training, type TrainingListItem } from "./schema";
import { TrainingNumberCell } from "./TrainingNumberCell";
import { TrainingSummary } from "./TrainingSummary";

export const TRAININGS_TEXTS = {
  empty: "Aucune formation disponible",
  createSession: "Créer une session",
  search: "Rechercher par intitulé ou numéro",
} as const;

/** Actual then forecast hours in one cell: "203 h / 210 h". */
const hoursCell = (actual: number | null, forecast: number) => (
  <Text style={{ whiteSpace: "nowrap" }}>
    {formatHours(actual)}{" "}
    <Text span c="dimmed">
      / {formatHours(forecast)}
    </Text>
  </Text>
);

const twoLines = (first: string, second: string) => (
  <>
    {first}
    {/* A span shown as a line: a header may be a sort button, which holds no block. */}
    <Text component="span" size="xs" c="dimmed" fw={500} display="block">
      {second}
    </Text>
  </>
);

const columns: ListColumn<TrainingListItem>[] = [
  {
    key: "number",
    header: twoLines("N° de formation", "n° d'action"),
    render: (t) => <TrainingNumberCell information={t.information} />,
  },
  { key: "marketNumber", header: "N° de marché", render: (t) => t.information.marketNumber ?? NC },
  { key: "name", header: "Intitulé", sortField: "name" satisfies TrainingSortField, render: (t) => t.information.name },
  { key: "educational", header: "Organisme de formation", render: (t) => t.information.educationalOrganization.name },
  {
    key: "healthcareSocial",
    header: "Sanitaire et social",
    render: (t) => <YesNoBadge value={t.information.healthcareSocial} />,
  },
  {
    key: "centerHours",
    header: twoLines("Heures en centre", "réelles / prévues"),
    render: (t) => hoursCell(t.information.actualCenterHourDuration, t.information.forecastedCenterHourDuration),
  },
  {
    key: "companyHours",
    header: twoLines("Heures en entreprise", "réelles / prévues"),
    render: (t) => hoursCell(t.information.actualCompanyHourDuration, t.information.forecastedCompanyHourDuration),
  },
  { key: "sessions", header: "Sessions", render: (t) => t.sessionsCount },
];

export default function TrainingList() {
  const navigate = useNavigate();
  const canCreateSession = useCan({ resource: trainingsDescriptor.name, action: "createSession" }).data?.can ?? false;
  return (
    <ResourceList<TrainingListItem, Training>
      resource={trainingsDescriptor}
      emptyText={TRAININGS_TEXTS.empty}
      searchPlaceholder={TRAININGS_TEXTS.search}
      columns={columns}
      filterFields={trainingFilterFields}
      query={trainingListQuery}
      // Read out by screen readers for each row ("Actions pour F2025006 Comptable assistant"): no dash to pronounce.
      rowLabel={(t) => `${t.information.number} ${t.information.name}`}
      detail={{
        notFoundMessage: TRAINING_MSG.notFound,
        errorMessage: TRAINING_MSG.showError,
        render: (t) => <TrainingSummary training={t} />,
      }}
      // One number may carry several actions: the question names the action too.
      deleteQuestion={(t) => (
        <>
          Voulez-vous vraiment supprimer la formation <b>{t.information.name}</b> ({t.information.number} / {t.information.actionNumber}) ?
        </>
      )}
      extraMenuItems={(t) =>
        canCreateSession
          ? [
              {
                label: TRAININGS_TEXTS.createSession,
                icon: <IconCalendarPlus size={16} />,
                onClick: () => navigate(`${sessionsDescriptor.listPath}/create`, { state: { trainingId: t.id } }),
              },
            ]
          : []
      }
    />
  );
}
