/** The organisation's own pieces: columns with logo, form sections, detail content (modal and page), recap. */
import { Anchor, Avatar, Badge, Group, Image, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconBuilding } from "@tabler/icons-react";
import type { UseFormReturn } from "react-hook-form";
import { Link } from "react-router";
import { AddressFields } from "../../src/components/AddressFields";
import { SiretWarning } from "../../src/components/SiretWarning";
import { NC } from "../../src/lib/format";
import { formatAddress } from "../common/address";
import { DescriptionList, Section } from "../../src/components/DescriptionList";
import { FormTextInput } from "../../src/components/form-inputs";
import type { ListColumn } from "../../src/components/ResourceList";
import type { OrganizationSortField } from "./list-query";
import { ORGANIZATION_LOGOS, type Organization, type OrganizationInput, type OrganizationListItem } from "./schema";

export function OrganizationLogo({ siret, name, size = 36 }: { siret: string; name: string; size?: number }) {
  const logo = ORGANIZATION_LOGOS[siret];
  if (logo) return <Image src={logo} alt={`Logo ${name}`} w={size} h={size} fit="contain" radius="sm" />;
  return (
    <Avatar size={size} radius="sm" color="navy" role="img" aria-label="Logo par défaut">
      <IconBuilding size={size * 0.55} />
    </Avatar>
  );
}

export const organizationColumns: ListColumn<OrganizationListItem>[] = [
  { key: "logo", header: "Logo", width: 64, render: (o) => <OrganizationLogo siret={o.siret} name={o.name} /> },
  { key: "name", header: "Nom", sortField: "name" satisfies OrganizationSortField, render: (o) => <Text fw={600}>{o.name}</Text> },
  { key: "siret", header: "SIRET", render: (o) => <Text style={{ fontVariantNumeric: "tabular-nums" }}>{o.siret}</Text> },
  { key: "city", header: "Ville", render: (o) => o.address?.city ?? NC },
  { key: "employeesCount", header: "Employés", width: 100, render: (o) => <Badge color="navy" variant="light">{o.employeesCount}</Badge> },
];

type OrganizationForm<O> = UseFormReturn<OrganizationInput, unknown, O>;

/** Identité and Coordonnées: the wizard's "Informations" step and the edit page (the API refuses a SIRET change with a 409). */
export function OrganizationFields<O>({ form }: { form: OrganizationForm<O> }) {
  const { control } = form;
  return (
    <Stack gap="lg">
      <Section title="Identité">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormTextInput control={control} name="name" label="Nom" transform="upper" withAsterisk />
          <div>
            <FormTextInput control={control} name="siret" label="SIRET" maxLength={14} withAsterisk />
            <SiretWarning control={control} name="siret" />
          </div>
        </SimpleGrid>
      </Section>
      <Section title="Coordonnées">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormTextInput control={control} name="email" label="E-mail" type="email" />
          <FormTextInput control={control} name="phoneNumber" label="Téléphone" type="tel" maxLength={10} />
        </SimpleGrid>
        <AddressFields control={control} prefix="address" />
      </Section>
    </Stack>
  );
}

/** The detail shown in the list's modal and on /organizations/{id}, with the organisation's employees. */
export function OrganizationDetail({ organization: o }: { organization: Organization }) {
  return (
    <Stack gap="lg">
      <Group gap="md">
        <OrganizationLogo siret={o.siret} name={o.name} size={56} />
        <Stack gap={0}>
          <Text fw={700} size="lg">
            {o.name}
          </Text>
          <Text c="dimmed" size="sm">
            SIRET {o.siret}
          </Text>
        </Stack>
      </Group>
      <Section title="Coordonnées">
        <DescriptionList
          items={[
            { label: "E-mail", value: o.email },
            { label: "Téléphone", value: o.phoneNumber },
            { label: "Adresse", value: formatAddress(o.address), wide: true },
          ]}
        />
      </Section>
      <Section title={`Employés (${o.employeesCount})`}>
        {o.employees.length === 0 ? (
          <Text c="dimmed" size="sm">
            Aucun employé rattaché
          </Text>
        ) : (
          <Table fz="sm" verticalSpacing="xs" aria-label="Employés de l'organisme">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nom</Table.Th>
                <Table.Th>Rôle</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.employees.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/employees/${e.id}`}>
                      {e.lastName} {e.firstName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{e.roleName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
    </Stack>
  );
}

export function OrganizationRecap({ values }: { values: OrganizationInput }) {
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  return (
    <Section title="Récapitulatif">
      <DescriptionList
        items={[
          { label: "Nom", value: values.name },
          { label: "SIRET", value: values.siret },
          { label: "E-mail", value: text(values.email) },
          { label: "Téléphone", value: text(values.phoneNumber) },
          { label: "Adresse", value: formatAddress(values.address), wide: true },
        ]}
      />
    </Section>
  );
}
