/**
 * The list screen every resource shares (spec part 1 "Lists"): the descriptor's label as title, the create button
 * ("Ajouter un employé"), search debounced 200 ms that resets the offset, table, rows per page 10/20/50/100 (default and
 * fallback 50), counter "first - last sur total", the error banner with "Réessayer", the empty text, the row menu per role, the detail modal on row
 * click and the delete modal. Names and paths come from the resource's descriptor.
 *
 *   <ResourceList<Employee>
 *     resource={employeesDescriptor} emptyText={EMPLOYEE_MSG.empty}
 *     columns={[{ key: "name", header: "Nom", render: (e) => employeesDescriptor.recordTitle(e) }, …]}
 *     detail={{ notFoundMessage: EMPLOYEE_MSG.notFound, errorMessage: EMPLOYEE_MSG.showFailed, render: (e) => <EmployeeDetail employee={e} /> }}
 *     deleteAction="deleteFromList"
 *   />
 *
 * State in the address (issue 25, resource-list/list-url-state.ts): search, filters, sort, offset and limit are URL parameters,
 * named as the API's; offset and limit also kept in sessionStorage (`<name>_offset`, `<name>_limit`) for a URL without them.
 * `query` is the list's query schema (resources/<list>/list-query.ts, the server's): the URL's values of its filters go to the
 * API, those of the bar's `filterFields` and any other (a link's `filterAnomalies=true`). A column with a `sortField` (one of the
 * schema's sort fields) sorts the list (resource-list/SortableHeader.tsx). Fixed filters go in `filters`; `toolbar` is a slot after the search box (a function of the
 * URL's filters when it shows one, as the records' blocking switch); extra row-menu entries in `extraMenuItems`
 * (before "Modifier") or `menuItemsAfterEdit`; `canDeleteRow` hides "Supprimer" on rows the API would refuse to delete.
 */
import { Alert, Button, Group, Paper, Stack, TextInput } from "@mantine/core";
import { useCan, useList, type BaseRecord, type CrudFilter, type HttpError } from "@refinedev/core";
import { IconAlertCircle, IconPlus, IconRefresh, IconSearch } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { Action } from "../../resources/permissions";
import type { ResourceDescriptor } from "../../resources/resource-module";
import { DeleteModal } from "./DeleteModal";
import { DetailModal, type DetailModalProps } from "./DetailModal";
import { fieldParams, type ListFilterField } from "./list-filters/filter-fields";
import { ListFilterBar } from "./list-filters/ListFilterBar";
import { ExportMenu } from "./resource-list/ExportMenu";
import { PageTitle } from "./PageTitle";
import { ListFooter, listCounter } from "./resource-list/ListFooter";
import { ListTable, type ListColumn } from "./resource-list/ListTable";
import { nextSort, type ListQueryShape } from "./resource-list/list-url-state";
import { LIST_TEXTS } from "./resource-list/texts";
import { useLastPageFallback } from "./resource-list/use-last-page-fallback";
import { useListUrlState } from "./resource-list/use-list-url-state";
import { RowActionsMenu, type RowMenuItem } from "./RowActionsMenu";

export type { ListColumn };

export const LIST_CREATE_LABEL = (a: string) => `Ajouter ${a}`;

/** The URL's filters, for a toolbar or a title that follows them. */
export interface ListFilterState {
  values: Record<string, string>;
  set: (changed: Record<string, string | null>) => void;
}

export interface ResourceListProps<T extends BaseRecord & { id: string }, D extends BaseRecord = T> {
  resource: ResourceDescriptor<T | D>;
  /** The page's heading when it follows a filter (records: 'Dossiers de formation bloquants'); the descriptor's label otherwise. */
  title?: string | ((filters: ListFilterState) => string);
  columns: ListColumn<T>[];
  /** Names a row for screen readers ("Ouvrir la fiche : …", "Actions pour …"); the descriptor's record title by default. */
  rowLabel?: (row: T) => string;
  emptyText?: string;
  /** The load-failure banner's title when the resource has its own (spec §8: "… lors de la recherche de stagiaires"). */
  searchFailedText?: string;
  searchPlaceholder?: string;
  filters?: CrudFilter[];
  /** The filter bar's fields (none: no bar). */
  filterFields?: readonly ListFilterField[];
  /** The list's query schema (resources/<list>/list-query.ts): which URL parameters are its filters and sorts. */
  query: ListQueryShape;
  toolbar?: ReactNode | ((filters: ListFilterState) => ReactNode);
  /** Shown between the title and the list (records: the « À traiter » block). */
  aboveList?: ReactNode;
  detail: Pick<DetailModalProps<D>, "notFoundMessage" | "errorMessage" | "render">;
  /** The permission behind the menu's "Supprimer" (employees: "deleteFromList"). */
  deleteAction?: Action;
  /** The list's own delete question, when the descriptor's does not fit. */
  deleteQuestion?: (row: T) => ReactNode;
  extraMenuItems?: (row: T) => RowMenuItem[];
  /** Row-menu entries placed after "Modifier" (records: status, 'Mise à jour Agora', FSE, bilan, the spec's order). */
  menuItemsAfterEdit?: (row: T) => RowMenuItem[];
  /** Whether "Supprimer" is offered on this row (sessions: not with records, which the API refuses, 409). */
  canDeleteRow?: (row: T) => boolean;
}

export function ResourceList<T extends BaseRecord & { id: string }, D extends BaseRecord = T>(props: ResourceListProps<T, D>) {
  const { resource, columns, rowLabel = resource.recordTitle, emptyText = LIST_TEXTS.empty } = props;
  const { name, listPath, label } = resource;
  const navigate = useNavigate();
  const list = useListUrlState(name, props.query);
  const { paging, sort, search } = list.state;
  const filterState: ListFilterState = { values: list.state.filters, set: (changed) => list.change({ filters: changed }) };
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);

  const canCreate = useCan({ resource: name, action: "create" }).data?.can ?? false;
  const canEdit = useCan({ resource: name, action: "edit" }).data?.can ?? false;
  const canDelete = useCan({ resource: name, action: props.deleteAction ?? "delete" }).data?.can ?? false;

  const filters: CrudFilter[] = [
    { field: "search", operator: "contains", value: search },
    ...Object.entries(list.state.filters).map(([field, value]): CrudFilter => ({ field, operator: "eq", value })),
    ...(props.filters ?? []),
  ];
  const sorters = sort ? [sort] : [];
  const { query, result } = useList<T, HttpError>({
    resource: name,
    pagination: { currentPage: Math.floor(paging.offset / paging.limit) + 1, pageSize: paging.limit, mode: "server" },
    filters,
    sorters,
    errorNotification: false,
  });
  const rows = result.data;
  const total = result.total ?? 0;
  const answeredCounter = query.isPending || query.isPlaceholderData ? null : listCounter(paging, rows.length, total, result.totalCountCapped === true);
  useLastPageFallback({ paging, setPaging: list.setPaging }, { fetching: query.isFetching, shown: rows.length, total });
  const title = typeof props.title === "function" ? props.title(filterState) : props.title;
  const filterParams = props.filterFields?.flatMap(fieldParams) ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageTitle>{title ?? label}</PageTitle>
        {canCreate && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => navigate(`${listPath}/create`)}>
            {LIST_CREATE_LABEL(resource.singular.a)}
          </Button>
        )}
      </Group>

      {props.aboveList}

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="md" align="flex-end">
            <TextInput
              aria-label={LIST_TEXTS.search}
              placeholder={props.searchPlaceholder ?? LIST_TEXTS.search}
              leftSection={<IconSearch size={16} />}
              value={list.typed}
              onChange={(event) => list.setTyped(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 220, maxWidth: 480 }}
            />
            {typeof props.toolbar === "function" ? props.toolbar(filterState) : props.toolbar}
            {props.filterFields && (
              <ListFilterBar
                fields={props.filterFields}
                values={list.state.filters}
                onChange={filterState.set}
                onReset={() => list.change({ resetFilters: filterParams })}
              />
            )}
            <ExportMenu resource={name} filters={filters} sorters={sorters} />
          </Group>

          {query.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={props.searchFailedText ?? LIST_TEXTS.searchFailed} role="alert">
              <Button size="xs" variant="outline" color="red" mt="xs" leftSection={<IconRefresh size={14} />} onClick={() => void query.refetch()}>
                {LIST_TEXTS.retry}
              </Button>
            </Alert>
          ) : (
            <ListTable<T>
              label={label}
              columns={columns}
              rows={rows}
              pending={query.isPending}
              fetching={query.isFetching}
              emptyText={emptyText}
              rowLabel={rowLabel}
              onOpen={(row) => setOpenId(row.id)}
              sort={sort}
              onSort={(field) => list.change({ sort: nextSort(sort, field) })}
              rowMenu={(row) => (
                <RowActionsMenu
                  label={rowLabel(row)}
                  showPath={`${listPath}/${row.id}`}
                  editPath={canEdit ? `${listPath}/${row.id}/edit` : undefined}
                  onDelete={canDelete && (props.canDeleteRow?.(row) ?? true) ? () => setToDelete(row) : undefined}
                  extraItems={props.extraMenuItems?.(row)}
                  itemsAfterEdit={props.menuItemsAfterEdit?.(row)}
                />
              )}
            />
          )}

          <ListFooter paging={paging} onPagingChange={list.setPaging} total={total} counter={answeredCounter} />
        </Stack>
      </Paper>

      <DetailModal<D> resource={resource} id={openId} onClose={() => setOpenId(null)} {...props.detail} />
      <DeleteModal<T>
        resource={resource}
        record={toDelete}
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        question={toDelete && props.deleteQuestion ? props.deleteQuestion(toDelete) : undefined}
      />
    </Stack>
  );
}
