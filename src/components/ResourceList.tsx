/**
 * The list screen every resource shares (spec part 1 "Lists"): the descriptor's label as title, the create button
 * ("Ajouter un employé"), search debounced 200 ms that resets the offset, table, rows per page 10/20/50/100 (default and
 * fallback 50), counter "first - last sur total", offset and limit kept in sessionStorage (`<name>_offset`,
 * `<name>_limit`), the error banner with "Réessayer", the empty text, the row menu per role, the detail modal on row
 * click and the delete modal. Names and paths come from the resource's descriptor.
 *
 *   <ResourceList<Employee>
 *     resource={employeesDescriptor} emptyText={EMPLOYEE_MSG.empty}
 *     columns={[{ key: "name", header: "Nom", render: (e) => employeesDescriptor.recordTitle(e) }, …]}
 *     detail={{ notFoundMessage: EMPLOYEE_MSG.notFound, errorMessage: EMPLOYEE_MSG.showFailed, render: (e) => <EmployeeDetail employee={e} /> }}
 *     deleteAction="deleteFromList"
 *   />
 *
 * Extra filters (e.g. freeTrainees) go in `filters`, their inputs in `toolbar`; extra row-menu entries in `extraMenuItems`
 * (before "Modifier") or `menuItemsAfterEdit`; `canDeleteRow` hides "Supprimer" on rows the API would refuse to delete.
 */
import { Alert, Button, Group, Paper, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useCan, useList, type BaseRecord, type CrudFilter, type HttpError } from "@refinedev/core";
import { IconAlertCircle, IconPlus, IconRefresh, IconSearch } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { Action } from "../../resources/permissions";
import type { ResourceDescriptor } from "../../resources/resource-module";
import { DeleteModal } from "./DeleteModal";
import { DetailModal, type DetailModalProps } from "./DetailModal";
import { PageTitle } from "./PageTitle";
import { ListFooter, listCounter } from "./resource-list/ListFooter";
import { ListTable, type ListColumn } from "./resource-list/ListTable";
import { LIST_TEXTS } from "./resource-list/texts";
import { useLastPageFallback, useListPaging } from "./resource-list/use-list-paging";
import { RowActionsMenu, type RowMenuItem } from "./RowActionsMenu";

export type { ListColumn };

export const LIST_CREATE_LABEL = (a: string) => `Ajouter ${a}`;

export interface ResourceListProps<T extends BaseRecord & { id: string }, D extends BaseRecord = T> {
  resource: ResourceDescriptor<T | D>;
  /** The page's heading when it follows a filter (records: 'Dossiers de formation bloquants'); the descriptor's label otherwise. */
  title?: string;
  columns: ListColumn<T>[];
  /** Names a row for screen readers ("Ouvrir la fiche : …", "Actions pour …"); the descriptor's record title by default. */
  rowLabel?: (row: T) => string;
  emptyText?: string;
  /** The load-failure banner's title when the resource has its own (spec §8: "… lors de la recherche de stagiaires"). */
  searchFailedText?: string;
  searchPlaceholder?: string;
  filters?: CrudFilter[];
  toolbar?: ReactNode;
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
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, 200);
  const [paging, setPaging] = useListPaging(name, debouncedSearch);
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);

  const canCreate = useCan({ resource: name, action: "create" }).data?.can ?? false;
  const canEdit = useCan({ resource: name, action: "edit" }).data?.can ?? false;
  const canDelete = useCan({ resource: name, action: props.deleteAction ?? "delete" }).data?.can ?? false;

  const { query, result } = useList<T, HttpError>({
    resource: name,
    pagination: { currentPage: Math.floor(paging.offset / paging.limit) + 1, pageSize: paging.limit, mode: "server" },
    filters: [{ field: "search", operator: "contains", value: debouncedSearch }, ...(props.filters ?? [])],
    errorNotification: false,
  });
  const rows = result.data;
  const total = result.total ?? 0;
  const answeredCounter = query.isPending || query.isPlaceholderData ? null : listCounter(paging, rows.length, total, result.totalCountCapped === true);
  useLastPageFallback({ paging, setPaging }, { fetching: query.isFetching, shown: rows.length, total });

  return (
    <Stack spacing="lg">
      <Group position="apart">
        <PageTitle>{props.title ?? label}</PageTitle>
        {canCreate && (
          <Button leftIcon={<IconPlus size={18} />} onClick={() => navigate(`${listPath}/create`)}>
            {LIST_CREATE_LABEL(resource.singular.a)}
          </Button>
        )}
      </Group>

      {props.aboveList}

      <Paper withBorder radius="md" p="md">
        <Stack spacing="md">
          <Group spacing="md" align="flex-end">
            <TextInput
              aria-label={LIST_TEXTS.search}
              placeholder={props.searchPlaceholder ?? LIST_TEXTS.search}
              icon={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 220, maxWidth: 480 }}
            />
            {props.toolbar}
          </Group>

          {query.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={props.searchFailedText ?? LIST_TEXTS.searchFailed} role="alert">
              <Button size="xs" variant="outline" color="red" mt="xs" leftIcon={<IconRefresh size={14} />} onClick={() => void query.refetch()}>
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

          <ListFooter paging={paging} onPagingChange={setPaging} total={total} counter={answeredCounter} />
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
