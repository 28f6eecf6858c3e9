/**
 * The list screen every resource shares (spec part 1 "Lists"): title and create button, search debounced 200 ms that
 * resets the offset, table, rows per page 10/20/50/100 (default and fallback 50), counter "first - last sur total",
 * offset and limit kept in sessionStorage (`<storageKey>_offset`, `<storageKey>_limit`), the error banner with
 * "Réessayer", the empty text, the row menu per role, the detail modal on row click and the delete modal.
 *
 *   <ResourceList<Employee>
 *     resource="employees" title="Employés" createLabel="Ajouter un employé" emptyText={EMPLOYEE_MSG.empty}
 *     columns={[{ key: "name", header: "Nom", render: (e) => employeeFullName(e) }, …]}
 *     rowLabel={(e) => employeeFullName(e)}
 *     detail={{ title: (e) => …, notFoundMessage: EMPLOYEE_MSG.notFound, errorMessage: EMPLOYEE_MSG.showFailed, render: (e) => <EmployeeDetail employee={e} /> }}
 *     deleteAction="deleteFromList" deleteQuestion={(e) => <>Supprimer l'employé <b>{employeeFullName(e)}</b> ?</>}
 *   />
 *
 * Extra filters (e.g. freeTrainees) go in `filters`, their inputs in `toolbar`; extra row-menu entries in `extraMenuItems`.
 */
import { Alert, Box, Button, Center, Group, Loader, Pagination, Paper, ScrollArea, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useCan, useList, type BaseRecord, type CrudFilter, type HttpError } from "@refinedev/core";
import { IconAlertCircle, IconPlus, IconRefresh, IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { Action, ResourceName } from "../../resources/permissions";
import { formatListTotal } from "../lib/format";
import { PAGE_SIZES, readListPaging, writeListPaging, type ListPaging } from "../lib/session-storage";
import { DeleteModal } from "./DeleteModal";
import { DetailModal, type DetailModalProps } from "./DetailModal";
import { RowActionsMenu, type RowMenuItem } from "./RowActionsMenu";
import { PageTitle } from "./PageTitle";

export const LIST_TEXTS = {
  search: "Rechercher",
  searchFailed: "Une erreur est survenue lors de la recherche",
  retry: "Réessayer",
  rowsPerPage: "Lignes par page",
  empty: "Aucun résultat",
  actions: "Actions",
  openRow: (label: string) => `Ouvrir la fiche : ${label}`,
} as const;

export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
}

export interface ResourceListProps<T extends BaseRecord & { id: string }, D extends BaseRecord = T> {
  resource: ResourceName;
  title: string;
  columns: ListColumn<T>[];
  /** Names a row in menus and dialogs ("DUPONT Jean"). */
  rowLabel: (row: T) => string;
  /** sessionStorage prefix; the resource name by default. */
  storageKey?: string;
  basePath?: string;
  emptyText?: string;
  /** The load-failure banner's title when the resource has its own (spec §8: "… lors de la recherche de stagiaires"). */
  searchFailedText?: string;
  searchPlaceholder?: string;
  createLabel?: string;
  filters?: CrudFilter[];
  toolbar?: ReactNode;
  detail: Omit<DetailModalProps<D>, "resource" | "id" | "onClose" | "pagePath">;
  /** The permission behind the menu's "Supprimer" (employees: "deleteFromList"). */
  deleteAction?: Action;
  deleteQuestion: (row: T) => ReactNode;
  extraMenuItems?: (row: T) => RowMenuItem[];
}

/** Past 10,000 rows the API's total is an estimate (`totalCountCapped`): "1 - 50 sur plus de 10 000". */
const counter = ({ offset }: ListPaging, shown: number, total: number, capped: boolean) =>
  total === 0 ? "0 sur 0" : `${offset + 1} - ${offset + shown} sur ${formatListTotal(total, capped)}`;

export function ResourceList<T extends BaseRecord & { id: string }, D extends BaseRecord = T>(props: ResourceListProps<T, D>) {
  const { resource, title, columns, rowLabel, storageKey = resource, basePath = `/${resource}`, emptyText = LIST_TEXTS.empty } = props;
  const navigate = useNavigate();
  const [paging, setPaging] = useState<ListPaging>(() => readListPaging(storageKey));
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, 200);
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);

  useEffect(() => writeListPaging(storageKey, paging), [storageKey, paging]);

  // A new search starts from the first row; the stored offset is kept on the first render.
  const lastSearch = useRef(debouncedSearch);
  useEffect(() => {
    if (lastSearch.current === debouncedSearch) return;
    lastSearch.current = debouncedSearch;
    setPaging((p) => ({ ...p, offset: 0 }));
  }, [debouncedSearch]);

  const canCreate = useCan({ resource, action: "create" }).data?.can ?? false;
  const canEdit = useCan({ resource, action: "edit" }).data?.can ?? false;
  const canDelete = useCan({ resource, action: props.deleteAction ?? "delete" }).data?.can ?? false;

  const { query, result } = useList<T, HttpError>({
    resource,
    pagination: { currentPage: Math.floor(paging.offset / paging.limit) + 1, pageSize: paging.limit, mode: "server" },
    filters: [{ field: "search", operator: "contains", value: debouncedSearch }, ...(props.filters ?? [])],
    errorNotification: false,
  });
  const rows = result.data;
  const total = result.total ?? 0;

  // The counter speaks of an answer: until the next one (first load, or the previous page's rows kept meanwhile),
  // the last answer's counter stays rather than "0 sur 0" or "11 - 20" over the first page's rows.
  const answeredCounter = query.isPending || query.isPlaceholderData ? null : counter(paging, rows.length, total, result.totalCountCapped === true);
  const [lastCounter, setLastCounter] = useState("");
  useEffect(() => {
    if (answeredCounter !== null) setLastCounter(answeredCounter);
  }, [answeredCounter]);

  // A remembered offset past the end (rows deleted meanwhile) falls back to the last page.
  useEffect(() => {
    if (!query.isFetching && rows.length === 0 && total > 0 && paging.offset >= total) {
      setPaging((p) => ({ ...p, offset: Math.floor((total - 1) / p.limit) * p.limit }));
    }
  }, [query.isFetching, rows.length, total, paging.offset]);

  const pageCount = Math.max(1, Math.ceil(total / paging.limit));
  const page = Math.floor(paging.offset / paging.limit) + 1;

  return (
    <Stack spacing="lg">
      <Group position="apart">
        <PageTitle>{title}</PageTitle>
        {canCreate && props.createLabel && (
          <Button leftIcon={<IconPlus size={18} />} onClick={() => navigate(`${basePath}/create`)}>
            {props.createLabel}
          </Button>
        )}
      </Group>

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
            <ScrollArea>
              <Box pos="relative" style={{ minWidth: 640 }}>
                <Table
                  highlightOnHover
                  verticalSpacing="sm"
                  fontSize="sm"
                  aria-label={title}
                  aria-busy={query.isFetching}
                  sx={(theme) => ({ "& tbody tr[data-row-id]:focus-visible": { outline: `2px solid ${theme.fn.primaryColor()}`, outlineOffset: -2 } })}
                >
                  <thead>
                    <tr>
                      {columns.map((column) => (
                        <th key={column.key} style={{ width: column.width }}>
                          {column.header}
                        </th>
                      ))}
                      <th style={{ width: 64, textAlign: "right" }}>{LIST_TEXTS.actions}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {query.isPending ? (
                      <tr>
                        <td colSpan={columns.length + 1}>
                          <Center py="xl" role="status" aria-label="Chargement…">
                            <Loader size="sm" />
                          </Center>
                        </td>
                      </tr>
                    ) : rows.length === 0 ? (
                      <tr>
                        <td colSpan={columns.length + 1}>
                          <Text align="center" color="dimmed" py="xl">
                            {emptyText}
                          </Text>
                        </td>
                      </tr>
                    ) : (
                      rows.map((row) => (
                        <tr
                          key={row.id}
                          onClick={() => setOpenId(row.id)}
                          // Keyboard users reach the row and open it as a click does (the row menu's own keys stay its own).
                          tabIndex={0}
                          aria-label={LIST_TEXTS.openRow(rowLabel(row))}
                          onKeyDown={(event) => {
                            if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
                            event.preventDefault();
                            setOpenId(row.id);
                          }}
                          style={{ cursor: "pointer" }}
                          data-row-id={row.id}
                        >
                          {columns.map((column) => (
                            <td key={column.key}>{column.render(row)}</td>
                          ))}
                          <td style={{ textAlign: "right" }}>
                            <RowActionsMenu
                              label={rowLabel(row)}
                              showPath={`${basePath}/${row.id}`}
                              editPath={canEdit ? `${basePath}/${row.id}/edit` : undefined}
                              onDelete={canDelete ? () => setToDelete(row) : undefined}
                              extraItems={props.extraMenuItems?.(row)}
                            />
                          </td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </Table>
              </Box>
            </ScrollArea>
          )}

          <Group position="apart" spacing="md">
            <Group spacing="xs">
              <Text size="sm" color="dimmed">
                {LIST_TEXTS.rowsPerPage}
              </Text>
              <Select
                aria-label={LIST_TEXTS.rowsPerPage}
                size="xs"
                style={{ width: 84 }}
                data={PAGE_SIZES.map(String)}
                value={String(paging.limit)}
                onChange={(value) => setPaging({ offset: 0, limit: Number(value) })}
              />
            </Group>
            <Group spacing="md">
              <Text size="sm" data-testid="list-counter">
                {answeredCounter ?? lastCounter}
              </Text>
              <Pagination
                size="sm"
                page={page}
                total={pageCount}
                onChange={(next) => setPaging((p) => ({ ...p, offset: (next - 1) * p.limit }))}
                getItemAriaLabel={(item) =>
                  item === "prev" ? "Page précédente" : item === "next" ? "Page suivante" : item === "first" ? "Première page" : item === "last" ? "Dernière page" : undefined
                }
              />
            </Group>
          </Group>
        </Stack>
      </Paper>

      <DetailModal<D> resource={resource} id={openId} onClose={() => setOpenId(null)} pagePath={openId ? `${basePath}/${openId}` : undefined} {...props.detail} />
      <DeleteModal
        resource={resource}
        id={toDelete?.id}
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        question={toDelete ? props.deleteQuestion(toDelete) : null}
      />
    </Stack>
  );
}
