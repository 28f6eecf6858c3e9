/**
 * /records, the application's home page (spec part 2 §2 "Records"): the records in scope with their file number, trainee,
 * organisation, training, session period, status, last update and FSE count; the 'Rechercher les dossiers bloquants' switch
 * (filterAnomalies=true in the URL, title 'Dossiers de formation bloquants'); the filter bar and sortable columns (issue 25);
 * 'Export FSE' for the roles that export; the row menu per role and status.
 */
import { Button, Switch, Text } from "@mantine/core";
import { FseExportMenu } from "../fse/export/FseExportMenu";
import { TodoBlock } from "../todo/TodoBlock";
import { RECORD_TODOS, SHOW_ALL, TODO_LIST_TITLES, todoOf } from "../todo/schema";
import { ResourceList, type ListColumn } from "../../src/components/ResourceList";
import { SCREEN_READER_ONLY } from "../../src/components/screen-reader-only";
import { formatDate, formatTime } from "../../src/lib/format";
import type { RecordListItem, TrainingRecord } from "./api-answers";
import { recordsDescriptor } from "./descriptor";
import { recordFilterFields } from "./list-filters";
import { recordListQuery, type RecordSortField } from "./list-query";
import { RECORD_MSG } from "./messages";
import { recordLabel } from "./RecordDetail";
import { RecordDetailWithChecks } from "./RecordQuality";
import { RecordStatusBadge } from "./RecordStatusBadge";
import { useRecordActions } from "./use-record-actions";

export const RECORDS_LIST_TEXTS = {
  search: "Rechercher par stagiaire, NIR, n° de dossier ou formation",
} as const;

const columns: ListColumn<RecordListItem>[] = [
  { key: "agoraId", header: "N° de dossier", render: (r) => <Text fw={600}>{r.agoraId}</Text> },
  {
    key: "trainee",
    header: "Stagiaire",
    render: (r) => (
      <>
        <Text fw={600}>{`${r.trainee.lastName} ${r.trainee.firstName}`}</Text>
        <Text size="xs" c="dimmed" fw={500}>
          {formatDate(r.trainee.birthDate)}
        </Text>
      </>
    ),
  },
  { key: "educational", header: "Organisme de formation", render: (r) => r.session.training.educationalOrganization.name },
  { key: "training", header: "Formation", render: (r) => r.session.training.name },
  {
    key: "period",
    header: "Session",
    // The two dates stacked; « du » and « au » read by screen readers only, so that the list fits 1280 px.
    render: (r) => (
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        <span style={SCREEN_READER_ONLY}>du </span>
        {formatDate(r.session.startDate)}
        <br />
        <span style={SCREEN_READER_ONLY}>au </span>
        {formatDate(r.session.endDate)}
      </Text>
    ),
  },
  { key: "status", header: "Statut", sortField: "status" satisfies RecordSortField, render: (r) => <RecordStatusBadge status={r.status} wrap /> },
  {
    key: "updated",
    header: "Dernière mise à jour",
    sortField: "updatedDate" satisfies RecordSortField,
    // The day, then the time under it: the column stays narrow enough for the list to fit 1280 px.
    render: (r) => (
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {formatDate(r.updatedDate)}
        <br />
        <Text component="span" size="xs" c="dimmed">
          {formatTime(r.updatedDate)}
        </Text>
      </Text>
    ),
  },
  { key: "fses", header: "FSE", render: (r) => r.fsesCount },
];

export default function RecordList() {
  // The « À traiter » links open the list filtered (?filterAnomalies=true, ?todo=…): filters of the list's URL state.
  const todoIn = (values: Record<string, string>) => todoOf(values.todo ?? null, RECORD_TODOS);
  const actions = useRecordActions();
  return (
    <>
      <ResourceList<RecordListItem, TrainingRecord>
        resource={recordsDescriptor}
        title={({ values }) => {
          const todo = todoIn(values);
          return todo ? TODO_LIST_TITLES[todo] : values.filterAnomalies === "true" ? RECORD_MSG.blockingListTitle : RECORD_MSG.listTitle;
        }}
        aboveList={<TodoBlock />}
        emptyText={RECORD_MSG.empty}
        searchPlaceholder={RECORDS_LIST_TEXTS.search}
        columns={columns}
        rowLabel={recordLabel}
        filterFields={recordFilterFields}
        query={recordListQuery}
        toolbar={({ values, set }) => (
          <>
            {todoIn(values) && (
              <Button variant="subtle" onClick={() => set({ todo: null })} mb={4}>
                {SHOW_ALL.records}
              </Button>
            )}
            <Switch
              label={RECORD_MSG.blockingToggle}
              checked={values.filterAnomalies === "true"}
              onChange={(event) => set({ filterAnomalies: event.currentTarget.checked ? "true" : null })}
              pb={8}
            />
            <FseExportMenu />
          </>
        )}
        detail={{
          notFoundMessage: RECORD_MSG.notFound,
          errorMessage: RECORD_MSG.showError,
          render: (record) => <RecordDetailWithChecks record={record} />,
        }}
        menuItemsAfterEdit={actions.menuItems}
      />
      {actions.modals}
    </>
  );
}
