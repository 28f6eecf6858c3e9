/** The training's information (wizard step 'Informations', edit tab 'Informations'). */
import { Alert, Badge, Grid, Group, Stack, Text } from "@mantine/core";
import { IconCloudDownload } from "@tabler/icons-react";
import { useEffect } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { AddressFields } from "../../src/components/AddressFields";
import { Section } from "../../src/components/DescriptionList";
import { EnumSelect } from "../../src/components/EnumSelect";
import { FormSwitch, FormTextInput } from "../../src/components/form-inputs";
import { SearchSelect } from "../../src/components/SearchSelect";
import { ORGANIZATION_MSG, type OrganizationChoice } from "../organizations/schema";
import {
  isHealthcareSocialDevice,
  teachingMethodOptions,
  TRAINING_MSG,
  trainingDeviceOptions,
  trainingObjectiveOptions,
  trainingTypeOptions,
  type OrganizationRef,
  type TrainingFormOutput,
  type TrainingFormValues,
} from "./schema";

export type TrainingForm = UseFormReturn<TrainingFormValues, unknown, TrainingFormOutput>;

/** Fields the import filled: shown disabled with the note 'Champs pré-rempli par l'import Agora'. */
export type ImportedField = "name" | "number" | "actionNumber" | "address" | "educationalOrganization" | "contractingOrganization";

export const INFORMATION_LABELS = {
  name: "Intitulé de la formation",
  number: "Numéro de formation",
  actionNumber: "Numéro d'action",
  marketNumber: "Numéro de marché",
  objective: "Objectif",
  device: "Dispositif principal",
  type: "Type de formation",
  teachingMethods: "Modalités pédagogiques",
  skillsAssessment: "Bilan de compétences",
  skillsValidation: "VAE (validation des acquis de l'expérience)",
  fse: "FSE (Fonds social européen)",
  educationalOrganization: "Organisme de formation",
  contractingOrganization: "Organisme contractant",
  forecastedCenterHourDuration: "Durée prévisionnelle en centre (heures)",
  forecastedCompanyHourDuration: "Durée prévisionnelle en entreprise (heures)",
  actualCenterHourDuration: "Durée réelle en centre (heures)",
  actualCompanyHourDuration: "Durée réelle en entreprise (heures)",
} as const;

const describeOrganization = (o: OrganizationRef) => `${o.name} – ${o.siret}`;
const toOrganizationRef = (o: OrganizationChoice): OrganizationRef => ({ id: o.id, name: o.name, siret: o.siret });

export function InformationFields({ form, imported = [], locked = [] }: { form: TrainingForm; imported?: ImportedField[]; locked?: ImportedField[] }) {
  const { control, setValue } = form;
  const device = useWatch({ control, name: "information.device" });
  const healthcareSocial = isHealthcareSocialDevice(device as string | null);
  // The device decides healthcareSocial (spec §4): the subsidy sets it, any other device clears it.
  useEffect(() => {
    setValue("information.healthcareSocial", healthcareSocial);
  }, [healthcareSocial, setValue]);

  const isImported = (field: ImportedField) => imported.includes(field);
  const disabled = (field: ImportedField) => isImported(field) || locked.includes(field);
  const note = (field: ImportedField) => (isImported(field) ? TRAINING_MSG.prefilled : undefined);

  const text = (field: "name" | "number" | "actionNumber", span: number, required = true) => (
    <Grid.Col span={{ base: 12, sm: span }}>
      <FormTextInput
        control={control}
        name={`information.${field}`}
        label={INFORMATION_LABELS[field]}
        withAsterisk={required}
        disabled={disabled(field)}
        description={note(field)}
        inputWrapperOrder={["label", "input", "description", "error"]}
      />
    </Grid.Col>
  );
  const hours = (field: keyof typeof INFORMATION_LABELS & `${string}HourDuration`, required: boolean) => (
    <Grid.Col span={{ base: 12, sm: 6 }}>
      <FormTextInput control={control} name={`information.${field}`} label={INFORMATION_LABELS[field]} withAsterisk={required} inputMode="numeric" rightSection={<Text size="xs" c="dimmed">h</Text>} />
    </Grid.Col>
  );
  const organization = (field: "educationalOrganization" | "contractingOrganization") => (
    <Grid.Col span={{ base: 12, md: 6 }}>
      <SearchSelect<TrainingFormValues, OrganizationChoice, OrganizationRef, TrainingFormOutput>
        control={control}
        name={`information.${field}`}
        resource="organizations"
        label={INFORMATION_LABELS[field]}
        withAsterisk
        disabled={disabled(field)}
        description={note(field)}
        inputWrapperOrder={["label", "input", "description", "error"]}
        toValue={toOrganizationRef}
        describe={describeOrganization}
        errorMessage={ORGANIZATION_MSG.searchFailed}
      />
    </Grid.Col>
  );

  return (
    <Stack gap="md">
      <Section title="Identification">
        <Grid gap="md">
          {text("name", 12)}
          {text("number", 4)}
          {text("actionNumber", 4)}
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <FormTextInput control={control} name="information.marketNumber" label={INFORMATION_LABELS.marketNumber} />
          </Grid.Col>
        </Grid>
      </Section>

      <Section
        title="Objectifs et modalités"
        actions={
          healthcareSocial ? (
            <Badge color="mint" variant="light" data-testid="healthcare-social-badge">
              Formation sanitaire et sociale
            </Badge>
          ) : undefined
        }
      >
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <EnumSelect control={control} name="information.objective" label={INFORMATION_LABELS.objective} options={trainingObjectiveOptions} withAsterisk searchable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <EnumSelect control={control} name="information.device" label={INFORMATION_LABELS.device} options={trainingDeviceOptions} withAsterisk searchable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <EnumSelect control={control} name="information.type" label={INFORMATION_LABELS.type} options={trainingTypeOptions} withAsterisk />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <EnumSelect control={control} name="information.teachingMethods" label={INFORMATION_LABELS.teachingMethods} options={teachingMethodOptions} clearable />
          </Grid.Col>
          <Grid.Col span={12}>
            <Group gap="xl">
              <FormSwitch control={control} name="information.skillsAssessment" label={INFORMATION_LABELS.skillsAssessment} />
              <FormSwitch control={control} name="information.skillsValidation" label={INFORMATION_LABELS.skillsValidation} />
              <FormSwitch control={control} name="information.fse" label={INFORMATION_LABELS.fse} />
            </Group>
          </Grid.Col>
        </Grid>
      </Section>

      <Section title="Organismes">
        <Grid gap="md">
          {organization("educationalOrganization")}
          {organization("contractingOrganization")}
        </Grid>
      </Section>

      <Section title="Lieu de formation">
        {isImported("address") && (
          <Alert color="navy" variant="light" icon={<IconCloudDownload size={18} />} py={6}>
            {TRAINING_MSG.prefilled}
          </Alert>
        )}
        <AddressFields control={control} prefix="information.address" disabled={disabled("address")} />
      </Section>

      <Section title="Durées">
        <Grid gap="md">
          {hours("forecastedCenterHourDuration", true)}
          {hours("forecastedCompanyHourDuration", true)}
          {hours("actualCenterHourDuration", false)}
          {hours("actualCompanyHourDuration", false)}
        </Grid>
      </Section>
    </Stack>
  );
}
