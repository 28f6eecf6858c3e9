/**
 * The detail page every resource shares (`/<resource>/:id`): not-found page on 404, unknown-error page otherwise,
 * a link back to the list, the record's title, "Modifier" and "Supprimer" per role (delete confirmation, then back to the
 * list), and the resource's content — the same content component the list's detail modal shows. Names and paths come
 * from the resource's descriptor.
 *
 *   <ShowPage<Employee> resource={employeesDescriptor} render={(e) => <EmployeeDetail employee={e} />} />
 */
import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useCan, type BaseRecord } from "@refinedev/core";
import { IconArrowLeft, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { ResourceDescriptor } from "../../resources/resource-module";
import { DeleteModal } from "./DeleteModal";
import { EDIT_TEXTS, useRouteRecord } from "./EditPage";
import { PageTitle } from "./PageTitle";

export interface ShowPageProps<R extends BaseRecord> {
  resource: ResourceDescriptor<R>;
  render: (record: R) => ReactNode;
  /** The screen's own delete question, when the descriptor's does not fit. */
  deleteQuestion?: (record: R) => ReactNode;
  /** Extra buttons of the resource (e.g. a status change), beside Modifier / Supprimer. */
  actions?: (record: R) => ReactNode;
  /** Whether "Supprimer" is offered for this record (sessions: not with records, which the API refuses, 409). */
  canDeleteRecord?: (record: R) => boolean;
}

export function ShowPage<R extends BaseRecord>({ resource, render, deleteQuestion, actions, canDeleteRecord }: ShowPageProps<R>) {
  const { name, listPath } = resource;
  const navigate = useNavigate();
  // Once deleted, the record is not asked for again: Refine drops it from the cache and this page, still shown until
  // the navigation to the list renders, would otherwise fetch it (a 404).
  const [deleted, setDeleted] = useState(false);
  const { id, record, fallback } = useRouteRecord<R>(name, { enabled: !deleted });
  const canEdit = useCan({ resource: name, action: "edit" }).data?.can ?? false;
  const canDelete = useCan({ resource: name, action: "delete" }).data?.can ?? false;
  const [deleting, setDeleting] = useState(false);
  if (fallback || !record) return fallback;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={listPath} size="sm" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
        <IconArrowLeft size={14} /> {resource.label}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <PageTitle>{resource.recordTitle(record)}</PageTitle>
          <Text c="dimmed" size="sm">
            {EDIT_TEXTS.lastUpdate(record.updatedDate)}
          </Text>
        </Stack>
        <Group gap="sm">
          {actions?.(record)}
          {canEdit && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => navigate(`${listPath}/${id}/edit`)}>
              Modifier
            </Button>
          )}
          {canDelete && (canDeleteRecord?.(record) ?? true) && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
              Supprimer
            </Button>
          )}
        </Group>
      </Group>
      {render(record)}
      <DeleteModal
        resource={resource}
        record={record}
        opened={deleting}
        onClose={() => setDeleting(false)}
        question={deleteQuestion?.(record)}
        onDeleted={() => {
          setDeleted(true);
          navigate(listPath);
        }}
      />
    </Stack>
  );
}
