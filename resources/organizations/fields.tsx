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
  if (logo) return <Image src={logo} alt={`Logo ${name}`} width={size} height={size} fit="contain" radius="sm" />;
  return (
    <Avatar size={size} radius="sm" color="navy" role="img" aria-label="Logo par défaut">
      <IconBuilding size={size * 0.55} />
    </Avatar>
  );
}

export const organizationColumns: ListColumn<OrganizationListItem>[] = [
  { key: "logo", header: "Logo", width: 64, render: (o) => <OrganizationLogo siret={o.siret} name={o.name} /> },
  { key: "name", header: "Nom", sortField: "name" satisfies OrganizationSortField, render: (o) => <Text weight={600}>{o.name}</Text> },
  { key: "siret", header: "SIRET", render: (o) => <Text style={{ fontVariantNumeric: "tabular-nums" }}>{o.siret}</Text> },
  { key: "city", header: "Ville", render: (o) => o.address?.city ?? NC },
  { key: "employeesCount", header: "Employés", width: 100, render: (o) => <Badge color="navy" variant="light">{o.employeesCount}</Badge> },
];

type OrganizationForm<O> = UseFormReturn<OrganizationInput, unknown, O>;

/** Identité and Coordonnées: the wizard's "Informations" step and the edit page (the API refuses a SIRET change with a 409). */
export function OrganizationFields<O>({ form }: { form: OrganizationForm<O> }) {
  const { control } = form;
  return (
    <Stack spacing="lg">
      <Section title="Identité">
        <SimpleGrid cols={2} breakpoints={[{ maxWidth: "sm", cols: 1 }]}>
          <FormTextInput control={control} name="name" label="Nom" transform="upper" withAsterisk />
          <div>
            <FormTextInput control={control} name="siret" label="SIRET" maxLength={14} withAsterisk />
            <SiretWarning control={control} name="siret" />
          </div>
        </SimpleGrid>
      </Section>
      <Section title="Coordonnées">
        <SimpleGrid cols={2} breakpoints={[{ maxWidth: "sm", cols: 1 }]}>
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
    <Stack spacing="lg">
      <Group spacing="md">
        <OrganizationLogo siret={o.siret} name={o.name} size={56} />
        <Stack spacing={0}>
          <Text weight={700} size="lg">
            {o.name}
          </Text>
          <Text color="dimmed" size="sm">
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
          <Text color="dimmed" size="sm">
            Aucun employé rattaché
          </Text>
        ) : (
          <Table fontSize="sm" verticalSpacing="xs" aria-label="Employés de l'organisme">
            <thead>
              <tr>
                <th>Nom</th>
                <th>Rôle</th>
              </tr>
            </thead>
            <tbody>
              {o.employees.map((e) => (
                <tr key={e.id}>
                  <td>
                    <Anchor component={Link} to={`/employees/${e.id}`}>
                      {e.lastName} {e.firstName}
                    </Anchor>
                  </td>
                  <td>{e.roleName}</td>
                </tr>
              ))}
            </tbody>
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
