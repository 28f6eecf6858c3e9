/**
 * Every block of a training (spec part 2 §2 "/trainings/{tid}"), shared by the detail modal, the detail page and the
 * wizard's 'Récapitulatif'. Empty values show 'NC.', amounts in euros, durations in hours.
 */
import { Badge, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { formatAddress } from "../common/address";
import { DescriptionList, Section } from "../../src/components/DescriptionList";
import { formatEuros, formatHours, formatYesNo, NC } from "../../src/lib/format";
import {
  CPF_FUNDING_ORGANIZATIONS,
  FUNDING_SOURCES,
  FUNDING_TYPES,
  TEACHING_METHODS,
  TRAINING_DEVICES,
  TRAINING_OBJECTIVES,
  TRAINING_TYPES,
  type Funder,
  type OrganizationRef,
  type TrainingFormOutput,
} from "./schema";

/**
 * What the summary needs: the wizard's validated values (with the forced CPF values applied), which a training read from the API
 * also is (its answer holds these fields and more).
 */
export type TrainingSummaryData = Pick<TrainingFormOutput, "information" | "funders">;

const label = <K extends string>(labels: Readonly<Record<K, string>>, value: K | null | undefined) => (value ? labels[value] : null);

export const FUNDER_AMOUNT_LABELS = {
  estimatedAmountCoveredTaxFree: "Montant estimé HT",
  estimatedAmountCoveredIncludingTaxes: "Montant estimé TTC",
  actualAmountCoveredTaxFree: "Montant réel HT",
  actualAmountCoveredIncludingTaxes: "Montant réel TTC",
  estimatedAmountOfSubsidy: "Montant estimé de la subvention",
  actualAmountOfSubsidy: "Montant réel de la subvention",
} as const;

function OrganizationBlock({ organization }: { organization: OrganizationRef | null }) {
  if (!organization) return <>{NC}</>;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {organization.name}
      </Text>
      <Text size="xs" c="dimmed">
        SIRET {organization.siret}
      </Text>
    </Stack>
  );
}

export function FundersTable({ funders, healthcareSocial }: { funders: Funder[]; healthcareSocial: boolean }) {
  // Summaries show the including-tax amounts, or the subsidies of a healthcare-social training (spec §3 "Funder").
  const amounts = healthcareSocial
    ? (["estimatedAmountOfSubsidy", "actualAmountOfSubsidy"] as const)
    : (["estimatedAmountCoveredIncludingTaxes", "actualAmountCoveredIncludingTaxes"] as const);
  if (funders.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aucun financeur
      </Text>
    );
  }
  const total = (key: (typeof amounts)[number]) => {
    const values = funders.map((f) => f[key]).filter((v): v is number => typeof v === "number");
    return values.length ? values.reduce((a, b) => a + b, 0) : null;
  };
  return (
    <ScrollArea>
      <Table fz="sm" verticalSpacing="xs" aria-label="Financeurs" style={{ minWidth: 640 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type de financement</Table.Th>
            <Table.Th>Source de financement</Table.Th>
            <Table.Th>SIRET</Table.Th>
            <Table.Th>TVA</Table.Th>
            {amounts.map((key) => (
              <Table.Th key={key} style={{ textAlign: "right" }}>
                {FUNDER_AMOUNT_LABELS[key]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {funders.map((funder, index) => (
            <Table.Tr key={index} data-testid="funder-row">
              <Table.Td>{FUNDING_TYPES[funder.fundingType]}</Table.Td>
              <Table.Td>{FUNDING_SOURCES[funder.fundingSource]}</Table.Td>
              <Table.Td>{funder.siret ?? NC}</Table.Td>
              <Table.Td>{formatYesNo(funder.vat)}</Table.Td>
              {amounts.map((key) => (
                <Table.Td key={key} style={{ textAlign: "right", whiteSpace: "nowrap" }}>
                  {formatEuros(funder[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {funders.length > 1 && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={4}>Total</Table.Th>
              {amounts.map((key) => (
                <Table.Th key={key} style={{ textAlign: "right", whiteSpace: "nowrap" }}>
                  {formatEuros(total(key))}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </ScrollArea>
  );
}

export function TrainingSummary({ training }: { training: TrainingSummaryData }) {
  const info = training.information;
  return (
    <Stack gap="md" data-testid="training-summary">
      <Section
        title="Informations générales"
        actions={
          info.healthcareSocial ? (
            <Badge color="mint" variant="light">
              Sanitaire et social
            </Badge>
          ) : undefined
        }
      >
        <DescriptionList
          cols={3}
          items={[
            { label: "Intitulé", value: info.name, wide: true },
            { label: "Numéro de formation", value: info.number },
            { label: "Numéro d'action", value: info.actionNumber },
            { label: "Numéro de marché", value: info.marketNumber },
            { label: "Type de formation", value: label(TRAINING_TYPES, info.type) },
            { label: "Bilan de compétences", value: formatYesNo(info.skillsAssessment) },
            { label: "VAE", value: formatYesNo(info.skillsValidation) },
            { label: "FSE", value: formatYesNo(info.fse) },
          ]}
        />
      </Section>
      <Section title="Objectifs et modalités">
        <DescriptionList
          cols={3}
          items={[
            { label: "Objectif", value: label(TRAINING_OBJECTIVES, info.objective) },
            { label: "Dispositif principal", value: label(TRAINING_DEVICES, info.device) },
            { label: "Modalités pédagogiques", value: label(TEACHING_METHODS, info.teachingMethods) },
          ]}
        />
      </Section>
      <Section title="Organismes">
        <DescriptionList
          items={[
            { label: "Organisme de formation", value: <OrganizationBlock organization={info.educationalOrganization} /> },
            { label: "Organisme contractant", value: <OrganizationBlock organization={info.contractingOrganization} /> },
          ]}
        />
      </Section>
      <Section title="Lieu de formation">
        <DescriptionList items={[{ label: "Adresse", value: formatAddress(info.address), wide: true }]} />
      </Section>
      <Section title="Sanitaire et social">
        <DescriptionList
          cols={3}
          items={[
            { label: "Formation sanitaire et sociale", value: formatYesNo(info.healthcareSocial) },
            { label: "Code CPF", value: info.cpfCode },
            { label: "Prise en charge des frais pédagogiques (heures CPF)", value: formatEuros(info.coverageOfEducationalCostsForCPFHours) },
            { label: "Organisme financeur des heures CPF", value: label(CPF_FUNDING_ORGANIZATIONS, info.fundingOrganizationForCPFHours) },
          ]}
        />
      </Section>
      <Section title="Durées">
        <DescriptionList
          cols={4}
          items={[
            { label: "Prévisionnelle en centre", value: formatHours(info.forecastedCenterHourDuration) },
            { label: "Prévisionnelle en entreprise", value: formatHours(info.forecastedCompanyHourDuration) },
            { label: "Réelle en centre", value: formatHours(info.actualCenterHourDuration) },
            { label: "Réelle en entreprise", value: formatHours(info.actualCompanyHourDuration) },
          ]}
        />
      </Section>
      <Section title={`Financeurs (${training.funders.length})`}>
        <FundersTable funders={training.funders} healthcareSocial={info.healthcareSocial} />
      </Section>
    </Stack>
  );
}
