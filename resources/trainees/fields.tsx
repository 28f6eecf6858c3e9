/** The trainee's own pieces: list columns, form sections, detail cards (modal and page) and the wizard's recap. */
import { Anchor, Badge, Grid, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconChevronRight, IconLock } from "@tabler/icons-react";
import type { UseFormReturn } from "react-hook-form";
import { Link } from "react-router";
import { AddressFields } from "../../src/components/AddressFields";
import { DescriptionList, Section } from "../../src/components/DescriptionList";
import { EnumSelect } from "../../src/components/EnumSelect";
import { FormDateInput, FormSwitch, FormTextInput } from "../../src/components/form-inputs";
import type { ListColumn } from "../../src/components/ResourceList";
import { formatDate, formatPeriod, formatYesNo, NC } from "../../src/lib/format";
import { addressLines } from "../common/address";
import { recordStatusLabel } from "../common/record-statuses";
import type { TraineeSortField } from "./list-query";
import { TraineeQualityWarnings } from "./QualityWarnings";
import {
  DEPARTMENTS,
  departmentOptions,
  GENDERS,
  genderOptions,
  recordDates,
  SITUATIONS,
  situationOptions,
  TRAINEE_MSG,
  usageNameIfDifferent,
  type Trainee,
  type TraineeListItem,
  type TraineeAddress,
  type TraineeInput,
  type TraineeRecord,
} from "./schema";

export const LABELS = {
  lastName: "Nom d'usage",
  firstName: "Prénom",
  birthName: "Nom de naissance",
  birthDate: "Date de naissance",
  email: "E-mail",
  phoneNumber: "Téléphone",
  gender: "Genre",
  ssn: "NIR",
  situation: "Situation familiale",
  bornInFrance: "Né(e) en France",
  department: "Département",
  address: "Adresse",
  records: "Dossiers de formation",
} as const;

/** NIR grouped as on the carte Vitale (1 85 02 75 123 456) for reading; searches and forms use the plain value. */
export const formatSsn = (ssn: string) =>
  /^\w{13}$/.test(ssn) ? [ssn.slice(0, 1), ssn.slice(1, 3), ssn.slice(3, 5), ssn.slice(5, 7), ssn.slice(7, 10), ssn.slice(10)].join(" ") : ssn;

export const traineeColumns: ListColumn<TraineeListItem>[] = [
  { key: "birthName", header: LABELS.birthName, render: (t) => <Text fw={600}>{t.birthName}</Text> },
  { key: "firstName", header: LABELS.firstName, render: (t) => t.firstName },
  { key: "lastName", header: LABELS.lastName, sortField: "lastName" satisfies TraineeSortField, render: (t) => usageNameIfDifferent(t) ?? "" },
  { key: "ssn", header: LABELS.ssn, render: (t) => <Text style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>{formatSsn(t.ssn)}</Text> },
  { key: "email", header: LABELS.email, render: (t) => t.email },
];

type TraineeForm = UseFormReturn<TraineeInput, unknown, unknown>;

/** Which identity fields the import filled: they cannot be changed in the wizard. */
export interface LockedFields {
  ssn?: boolean;
  birthName?: boolean;
  birthDate?: boolean;
}

const lockIcon = (locked: boolean | undefined) => (locked ? <IconLock size={14} aria-label="Rempli par l'import" /> : undefined);

/** Identité, Contact, Adresse: the wizard's "Informations" step and the edit page. */
export function TraineeFields({ form, locked = {}, ssnLocked }: { form: TraineeForm; locked?: LockedFields; ssnLocked: boolean }) {
  const { control } = form;
  return (
    <Stack gap="lg">
      <Section title="Identité">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <FormTextInput control={control} name="birthName" label={LABELS.birthName} transform="upper" withAsterisk disabled={locked.birthName} rightSection={lockIcon(locked.birthName)} />
          <FormTextInput control={control} name="lastName" label={LABELS.lastName} transform="upper" withAsterisk />
          <FormTextInput control={control} name="firstName" label={LABELS.firstName} transform="capitalize" withAsterisk />
          <EnumSelect control={control} name="gender" label={LABELS.gender} options={genderOptions} withAsterisk />
          <FormDateInput
            control={control}
            name="birthDate"
            label={LABELS.birthDate}
            withAsterisk
            defaultLevel="decade"
            maxDate={new Date()}
            disabled={locked.birthDate}
            rightSection={lockIcon(locked.birthDate)}
          />
          <FormTextInput control={control} name="ssn" label={LABELS.ssn} withAsterisk={!ssnLocked} disabled={ssnLocked || locked.ssn} rightSection={lockIcon(ssnLocked || locked.ssn)} />
          <EnumSelect control={control} name="situation" label={LABELS.situation} options={situationOptions} clearable />
          <FormSwitch control={control} name="bornInFrance" label={LABELS.bornInFrance} mt={30} />
        </SimpleGrid>
      </Section>
      <Section title="Contact">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormTextInput control={control} name="email" label={LABELS.email} type="email" withAsterisk />
          <FormTextInput control={control} name="phoneNumber" label={LABELS.phoneNumber} type="tel" />
        </SimpleGrid>
      </Section>
      <Section title={LABELS.address}>
        <AddressFields control={control} prefix="address" required />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <EnumSelect control={control} name="department" label={LABELS.department} options={departmentOptions} searchable clearable />
          </Grid.Col>
        </Grid>
      </Section>
      <TraineeQualityWarnings control={control} />
    </Stack>
  );
}

/** What the identity card shows: a saved trainee, or the wizard's values before saving (validated by then). */
type IdentityView = Partial<TraineeListItem>;

const identityItems = (t: IdentityView) => [
  { label: LABELS.lastName, value: t.lastName },
  { label: LABELS.firstName, value: t.firstName },
  { label: LABELS.birthName, value: t.birthName },
  { label: LABELS.birthDate, value: formatDate(t.birthDate) },
  { label: LABELS.email, value: t.email },
  { label: LABELS.phoneNumber, value: t.phoneNumber },
  { label: LABELS.gender, value: t.gender ? GENDERS[t.gender] : null },
  { label: LABELS.ssn, value: t.ssn ? formatSsn(t.ssn) : null },
  { label: LABELS.situation, value: t.situation ? SITUATIONS[t.situation] : null },
  { label: LABELS.bornInFrance, value: formatYesNo(t.bornInFrance) },
];

function AddressBlock({ address, department }: { address: Partial<TraineeAddress> | null | undefined; department: Trainee["department"] }) {
  const lines = addressLines(address);
  return (
    <DescriptionList
      cols={1}
      items={[
        { label: LABELS.address, value: lines.length ? lines.map((line) => <div key={line}>{line}</div>) : null },
        { label: LABELS.department, value: department ? DEPARTMENTS[department] : null },
      ]}
    />
  );
}

/** "Du 02/01/2025 au 03/02/2025", by the spec's order of preference, else "Aucune date disponible". */
export function recordPeriod(record: TraineeRecord): string {
  const dates = recordDates(record);
  if (!dates) return TRAINEE_MSG.noDates;
  if (dates.start && dates.end) return formatPeriod(dates.start, dates.end, { capitalized: true });
  return dates.start ? `À partir du ${formatDate(dates.start)}` : `Jusqu'au ${formatDate(dates.end)}`;
}

function RecordsCard({ records }: { records: TraineeRecord[] }) {
  return (
    <Section title={LABELS.records}>
      {records.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucun dossier de formation
        </Text>
      ) : (
        <Stack gap="xs">
          {records.map((record) => (
            <Paper key={record.id} withBorder radius="sm" p="sm" data-testid="trainee-record">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Anchor component={Link} to={`/records/${record.id}`} fw={600}>
                    {record.title || NC}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {recordPeriod(record)}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light" color="navy" style={{ textTransform: "none" }}>
                    {recordStatusLabel(record.status)}
                  </Badge>
                  <IconChevronRight size={16} />
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** The detail content, in the list's modal and on /trainees/:id. */
export function TraineeDetail({ trainee }: { trainee: Trainee }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Section title="Informations">
          <DescriptionList items={identityItems(trainee)} />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Section title={LABELS.address}>
          <AddressBlock address={trainee.address} department={trainee.department} />
        </Section>
      </Grid.Col>
      <Grid.Col span={12}>
        <RecordsCard records={trainee.records ?? []} />
      </Grid.Col>
    </Grid>
  );
}

/** The wizard's last step: what will be saved. */
export function TraineeRecap({ values }: { values: TraineeInput }) {
  const { address, department, ...identity } = values;
  return (
    <Stack gap="lg">
      <Section title="Identité">
        <DescriptionList items={identityItems(identity as IdentityView)} />
      </Section>
      <Section title={LABELS.address}>
        <AddressBlock address={address as Partial<TraineeAddress>} department={(department as Trainee["department"]) ?? null} />
      </Section>
    </Stack>
  );
}
