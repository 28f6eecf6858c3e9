/** The employee's own pieces: its form sections, its detail content (modal and page), its recap and list columns. */
import { Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useGetIdentity, useList, type HttpError } from "@refinedev/core";
import type { UseFormReturn } from "react-hook-form";
import type { Identity } from "../../providers/auth-provider";
import { DescriptionList, Section } from "../../src/components/DescriptionList";
import { EnumSelect } from "../../src/components/EnumSelect";
import { FormTextInput } from "../../src/components/form-inputs";
import type { ListColumn } from "../../src/components/ResourceList";
import { OrganizationNames, OrganizationsMultiSelect } from "../../src/components/OrganizationsMultiSelect";
import { formatDateTime } from "../../src/lib/format";
import { ASSIGNABLE_ROLES, GLOBAL_ROLES, isRoleId, ROLE_NAMES, type RoleId } from "../permissions";
import { employeesDescriptor } from "./descriptor";
import type { EmployeeSortField } from "./list-query";
import { EMPLOYEE_MSG, GENDERS, type Employee, type EmployeeUpdateInput, type Gender } from "./schema";

export const LABELS = {
  lastName: "Nom",
  firstName: "Prénom",
  gender: "Genre",
  email: "E-mail",
  phoneNumber: "Téléphone",
  role: "Rôle",
  organizations: "Organismes",
} as const;

export const employeeColumns: ListColumn<Employee>[] = [
  { key: "name", header: "Nom", sortField: "lastName" satisfies EmployeeSortField, render: (e) => <Text fw={600}>{employeesDescriptor.recordTitle(e)}</Text> },
  { key: "email", header: "E-mail", render: (e) => e.email },
  {
    key: "role",
    header: "Rôle",
    render: (e) => (
      <Badge color="navy" variant="light" title={e.role.name} style={{ maxWidth: 200 }}>
        {e.role.name}
      </Badge>
    ),
  },
  {
    key: "organizations",
    header: "Organismes",
    render: (e) => (
      <Group gap={4}>
        {e.organizations.map((o) => (
          // Long names are cut with an ellipsis (full name on hover) so the row menu stays on screen at 1366 px.
          <Badge key={o.id} color="gray" variant="outline" radius="sm" title={o.name} style={{ textTransform: "none", maxWidth: 200 }}>
            {o.name}
          </Badge>
        ))}
      </Group>
    ),
  },
];

/** Roles the signed-in user may hand out; the employee's current role stays listed so the select can show it. */
function useRoleOptions(current?: string) {
  const identity = useGetIdentity<Identity>().data;
  const { query, result } = useList<{ id: string; name: string }, HttpError>({
    resource: "users/roles",
    pagination: { currentPage: 1, pageSize: 100, mode: "server" },
    errorNotification: false,
  });
  const mine = identity?.role.id;
  const allowed: readonly RoleId[] = isRoleId(mine) ? ASSIGNABLE_ROLES[mine] : [];
  const options = result.data
    .filter((r) => (isRoleId(r.id) && allowed.includes(r.id)) || r.id === current)
    .map((r) => ({ value: r.id, label: r.name }))
    .sort((a, b) => a.label.localeCompare(b.label, "fr"));
  return { options, failed: query.isError };
}

/** Creation and edit share one input shape (the edit form has no gender field); O is the schema's output. */
type EmployeeForm<O> = UseFormReturn<EmployeeUpdateInput, unknown, O>;

/** Identité, Contact, Accès: the wizard's "Informations" step and the edit page. */
export function EmployeeFields<O>({ form, withGender, known = [], currentRole }: { form: EmployeeForm<O>; withGender: boolean; known?: Employee["organizations"]; currentRole?: string }) {
  const { control } = form;
  const identity = useGetIdentity<Identity>().data;
  const roles = useRoleOptions(currentRole);
  // Scoped managers may only hand out their own organisations (plus those the employee already has).
  const scoped = identity && !(GLOBAL_ROLES as readonly string[]).includes(identity.role.id);
  return (
    <Stack gap="lg">
      <Section title="Identité">
        <SimpleGrid cols={{ base: 1, sm: withGender ? 3 : 2 }}>
          <FormTextInput control={control} name="lastName" label={LABELS.lastName} transform="upper" withAsterisk />
          <FormTextInput control={control} name="firstName" label={LABELS.firstName} transform="capitalize" withAsterisk />
          {withGender && <EnumSelect control={control} name="gender" label={LABELS.gender} labels={GENDERS} withAsterisk />}
        </SimpleGrid>
      </Section>
      <Section title="Contact">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormTextInput control={control} name="email" label={LABELS.email} type="email" withAsterisk />
          <FormTextInput control={control} name="phoneNumber" label={LABELS.phoneNumber} type="tel" maxLength={10} />
        </SimpleGrid>
      </Section>
      <Section title="Accès">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <EnumSelect
            control={control}
            name="roleId"
            label={LABELS.role}
            options={roles.options}
            withAsterisk
            description={roles.failed ? EMPLOYEE_MSG.rolesFailed : undefined}
          />
          <OrganizationsMultiSelect
            control={control}
            name="organizationIds"
            label={LABELS.organizations}
            known={known}
            restrictTo={scoped ? [...identity.organizations, ...known.filter((k) => !identity.organizations.some((o) => o.id === k.id))] : undefined}
            withAsterisk
          />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}

/** The detail shown in the list's modal and on /employees/{id}. */
export function EmployeeDetail({ employee }: { employee: Employee }) {
  return (
    <Stack gap="lg">
      <Section title="Identité">
        <DescriptionList
          items={[
            { label: LABELS.lastName, value: employee.lastName },
            { label: LABELS.firstName, value: employee.firstName },
            { label: LABELS.gender, value: GENDERS[employee.gender] },
          ]}
          cols={3}
        />
      </Section>
      <Section title="Contact">
        <DescriptionList
          items={[
            { label: LABELS.email, value: employee.email },
            { label: LABELS.phoneNumber, value: employee.phoneNumber },
          ]}
        />
      </Section>
      <Section title="Accès">
        <DescriptionList
          items={[
            { label: LABELS.role, value: employee.role.name },
            { label: LABELS.organizations, value: employee.organizations.map((o) => o.name).join(", ") },
            { label: "Créé le", value: formatDateTime(employee.createdDate) },
            { label: "Dernière mise à jour", value: formatDateTime(employee.updatedDate) },
          ]}
        />
      </Section>
    </Stack>
  );
}

/** The wizard's "Récapitulatif": the values as they will be saved. */
export function EmployeeRecap({ values }: { values: EmployeeUpdateInput }) {
  const role = values.roleId;
  return (
    <Section title="Récapitulatif">
      <DescriptionList
        items={[
          { label: LABELS.lastName, value: values.lastName },
          { label: LABELS.firstName, value: values.firstName },
          { label: LABELS.gender, value: values.gender ? GENDERS[values.gender as Gender] : null },
          { label: LABELS.email, value: values.email },
          { label: LABELS.phoneNumber, value: values.phoneNumber as string | null | undefined },
          { label: LABELS.role, value: isRoleId(role) ? ROLE_NAMES[role] : null },
          { label: LABELS.organizations, value: values.organizationIds.length ? <OrganizationNames ids={values.organizationIds} /> : null, wide: true },
        ]}
      />
    </Section>
  );
}
