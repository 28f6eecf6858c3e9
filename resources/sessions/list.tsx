import { Button } from "@mantine/core";
import { SESSION_TODOS, SHOW_ALL, TODO_LIST_TITLES, todoOf } from "../todo/schema";
import { ResourceList, type ListColumn } from "../../src/components/ResourceList";
import { YesNoBadge } from "../../src/components/YesNoBadge";
import { formatDate, NC } from "../../src/lib/format";
import { TrainingNumberCell } from "../trainings/TrainingNumberCell";
import { sessionsDescriptor } from "./descriptor";
import { sessionFilterFields } from "./list-filters";
import { sessionListQuery, type SessionSortField } from "./list-query";
import { SESSION_MSG, type Session, type SessionListItem } from "./schema";
import { SessionDetail, sessionDeletable, sessionDeleteQuestion, sessionLabel } from "./SessionDetail";

export const SESSIONS_LIST_TEXTS = {
  search: "Rechercher par n° de formation, n° de marché, intitulé ou organisme",
} as const;

const columns: ListColumn<SessionListItem>[] = [
  {
    key: "number",
    header: "N° de formation",
    render: (s) => <TrainingNumberCell information={s.training.information} />,
  },
  { key: "marketNumber", header: "N° de marché", render: (s) => s.training.information.marketNumber ?? NC },
  { key: "name", header: "Intitulé de la formation", render: (s) => s.training.information.name },
  { key: "educational", header: "Organisme de formation", render: (s) => s.training.information.educationalOrganization.name },
  { key: "start", header: "Début", sortField: "startDate" satisfies SessionSortField, render: (s) => formatDate(s.information.startDate) },
  { key: "end", header: "Fin", render: (s) => formatDate(s.information.endDate) },
  { key: "healthcareSocial", header: "Sanitaire et social", render: (s) => <YesNoBadge value={s.training.information.healthcareSocial} /> },
  { key: "fse", header: "FSE", render: (s) => <YesNoBadge value={s.training.information.fse} /> },
  { key: "capacity", header: "Capacité", render: (s) => s.information.capacity ?? NC },
  { key: "trainees", header: "Stagiaires", render: (s) => s.traineesCount },
];

export default function SessionList() {
  // « Bilans à valider » links open the list filtered (?todo=bilans-late, ?todo=bilans-soon): a filter of the list's URL state.
  const todoIn = (values: Record<string, string>) => todoOf(values.todo ?? null, SESSION_TODOS);
  return (
    <ResourceList<SessionListItem, Session>
      resource={sessionsDescriptor}
      title={({ values }) => {
        const todo = todoIn(values);
        return todo ? TODO_LIST_TITLES[todo] : sessionsDescriptor.label;
      }}
      toolbar={({ values, set }) =>
        todoIn(values) && (
          <Button variant="subtle" onClick={() => set({ todo: null })} mb={4}>
            {SHOW_ALL.sessions}
          </Button>
        )
      }
      emptyText={SESSION_MSG.empty}
      searchPlaceholder={SESSIONS_LIST_TEXTS.search}
      columns={columns}
      filterFields={sessionFilterFields}
      query={sessionListQuery}
      rowLabel={sessionLabel}
      detail={{
        notFoundMessage: SESSION_MSG.notFound,
        errorMessage: SESSION_MSG.showError,
        render: (session) => <SessionDetail session={session} />,
      }}
      deleteQuestion={sessionDeleteQuestion}
      canDeleteRow={sessionDeletable}
    />
  );
}
