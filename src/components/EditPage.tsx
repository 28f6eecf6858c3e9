/**
 * The edit screen every resource shares: loads the record of the route's `:id` (spinner meanwhile; not-found page on 404,
 * unknown-error page otherwise), a heading with the last-update date ("Modification de l'employé DUPONT Jean" from the
 * descriptor, unless the screen gives its own), the resource's sections, "Annuler" and "Sauvegarder" (both back to the list),
 * the spec's 409 / failure messages and the API's field errors on their fields. A changed form asks before it is left
 * (« Quitter sans enregistrer ? », use-leave-guard.tsx); a screen may ask before a save (`confirmSave`, SaveConfirmModal).
 *
 *   <EditPage<Employee, EmployeeUpdateInput, EmployeeValues> resource={employeesDescriptor} schema={employeeUpdateSchema}
 *     toFormValues={(e) => ({ … })} messages={{ conflict: EMPLOYEE_MSG.emailTaken, failed: EMPLOYEE_MSG.saveFailed }}>
 *     {(form, employee) => <EmployeeFields form={form} />}
 *   </EditPage>
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useOne, useUpdate, type BaseRecord, type HttpError } from "@refinedev/core";
import { IconAlertCircle, IconDeviceFloppy } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useNavigate, useParams } from "react-router";
import type { z } from "zod";
import type { ResourceDescriptor } from "../../resources/resource-module";
import { formatDateTime } from "../lib/format";
import { NotFoundPage, UnknownErrorPage } from "../pages/ErrorPages";
import { PageLoader } from "../pages/PageLoader";
import type { SaveMessages } from "./form-errors";
import { useOnChange } from "./use-on-change";
import { useSaveFlow } from "./use-save-flow";
import { PageTitle } from "./PageTitle";
import { SaveConfirmModal, type SaveConfirmation } from "./SaveConfirmModal";
import { useLeaveGuard } from "./use-leave-guard";

export const EDIT_TEXTS = {
  cancel: "Annuler",
  save: "Sauvegarder",
  saved: "Modifications enregistrées",
  heading: (ofThe: string, title: string) => `Modification ${ofThe} ${title}`,
  lastUpdate: (date: string) => `Dernière mise à jour le ${formatDateTime(date)}`,
} as const;

export interface EditPageProps<R extends BaseRecord, I extends FieldValues, O> {
  resource: ResourceDescriptor<R>;
  /** The screen's own heading, when the descriptor's record title is not the one it speaks of. */
  heading?: (record: R) => ReactNode;
  /** A line under the heading (e.g. the SIRET); the last-update date always follows. */
  subheading?: (record: R) => ReactNode;
  /** The form's schema, or the record's own when its rules depend on it (a record's training decides which fields it asks). */
  schema: z.ZodType<O, I> | ((record: R) => z.ZodType<O, I>);
  toFormValues: (record: R) => DefaultValues<I>;
  messages: SaveMessages;
  /** The body sent, from the validated values and the record as read (by default the values themselves). */
  toPayload?: (values: O, record: R) => object;
  /** A question to answer before saving these values (an irreversible effect, documents set apart), or null to save at once. */
  confirmSave?: (values: O, record: R) => SaveConfirmation | null;
  children: (form: UseFormReturn<I, unknown, O>, record: R) => ReactNode;
}

/**
 * Loads the record of the route's `:id`, rendering the spinner or the error pages until it is there.
 * `enabled: false` stops asking for it (a record just deleted is not fetched again on the way out).
 */
export function useRouteRecord<R extends BaseRecord>(resource: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { id = "" } = useParams();
  const { query, result } = useOne<R, HttpError>({ resource, id, errorNotification: false, queryOptions: { enabled } });
  const fallback = query.isPending ? <PageLoader /> : query.error?.statusCode === 404 ? <NotFoundPage /> : query.isError || !result ? <UnknownErrorPage /> : null;
  return { id, record: result, fallback };
}

export function EditPage<R extends BaseRecord, I extends FieldValues, O>(props: EditPageProps<R, I, O>) {
  const { id, record, fallback } = useRouteRecord<R>(props.resource.name);
  if (fallback || !record) return fallback;
  return <EditForm {...props} id={id} record={record} />;
}

function EditForm<R extends BaseRecord, I extends FieldValues, O>(props: EditPageProps<R, I, O> & { id: string; record: R }) {
  const { resource, heading, subheading, schema, toFormValues, messages, toPayload, confirmSave, children, id, record } = props;
  const navigate = useNavigate();
  const form = useForm<I, unknown, O>({
    resolver: zodResolver(typeof schema === "function" ? schema(record) : schema),
    mode: "onChange",
    defaultValues: toFormValues(record),
  });
  const guard = useLeaveGuard(form.formState.isDirty);
  const flow = useSaveFlow(form.setError, messages, { message: EDIT_TEXTS.saved, navigateTo: resource.listPath, beforeLeave: guard.release });
  const [confirming, setConfirming] = useState<{ values: O; confirmation: SaveConfirmation } | null>(null);
  const { mutate } = useUpdate<BaseRecord, HttpError, object>();
  // The record may refresh (cache invalidation) after a save elsewhere: the form follows it while untouched.
  useOnChange(record, () => {
    if (!form.formState.isDirty) form.reset(toFormValues(record));
  });

  const send = (values: O) => {
    flow.begin();
    mutate(
      { resource: resource.name, id, values: toPayload ? toPayload(values, record) : (values as object), successNotification: false, errorNotification: false },
      flow.callbacks,
    );
  };
  const save = form.handleSubmit((values) => {
    const confirmation = confirmSave?.(values, record) ?? null;
    if (confirmation) setConfirming({ values, confirmation });
    else send(values);
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Stack gap="lg">
        <Stack gap={4}>
          <PageTitle>{heading ? heading(record) : EDIT_TEXTS.heading(resource.singular.ofThe, resource.recordTitle(record))}</PageTitle>
          {subheading && <Text c="dimmed" size="sm">{subheading(record)}</Text>}
          <Text c="dimmed" size="sm" data-testid="last-update">
            {EDIT_TEXTS.lastUpdate(record.updatedDate)}
          </Text>
        </Stack>
        {children(form, record)}
        {flow.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={flow.error.message}>
            {flow.error.detail}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(resource.listPath)}>
            {EDIT_TEXTS.cancel}
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={flow.isPending}>
            {EDIT_TEXTS.save}
          </Button>
        </Group>
      </Stack>
      {/* Portalled out of the form's element; their buttons are not submit buttons. */}
      <SaveConfirmModal
        confirmation={confirming?.confirmation ?? null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) send(confirming.values);
          setConfirming(null);
        }}
      />
      {guard.dialog}
    </form>
  );
}
