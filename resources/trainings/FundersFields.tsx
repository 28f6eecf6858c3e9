/** The training's funders (wizard step 'Financeurs', edit tab 'Financeurs'): add, remove, amounts per case. */
import { ActionIcon, Button, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useFieldArray, useWatch } from "react-hook-form";
import { EnumSelect } from "../../src/components/EnumSelect";
import { FormSwitch, FormTextInput } from "../../src/components/form-inputs";
import { SiretWarning } from "../../src/components/SiretWarning";
import type { TrainingForm } from "./InformationFields";
import { emptyFunder, funderAmountFields, fundingSourceOptions, fundingTypeOptions, isHealthcareSocialDevice } from "./schema";
import { FUNDER_AMOUNT_LABELS } from "./TrainingSummary";

export const FUNDERS_TEXTS = {
  add: "Ajouter un financeur",
  remove: "Supprimer le financeur",
  none: "Aucun financeur : ajoutez-en un avec le bouton ci-dessous.",
  title: (n: number) => `Financeur n°${n}`,
  fundingType: "Type de financement",
  fundingSource: "Source de financement",
  siret: "SIRET du financeur",
  vat: "Assujetti à la TVA",
  subsidyCase: "Formation sanitaire et sociale : saisissez les montants de la subvention.",
  taxCase: "Saisissez les montants pris en charge hors taxes et toutes taxes comprises.",
} as const;

export function FundersFields({ form }: { form: TrainingForm }) {
  const { control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "funders" });
  const device = useWatch({ control, name: "information.device" });
  const amounts = funderAmountFields(isHealthcareSocialDevice(device as string | null));
  const listError = form.formState.errors.funders?.root?.message ?? form.formState.errors.funders?.message;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {amounts.length === 2 ? FUNDERS_TEXTS.subsidyCase : FUNDERS_TEXTS.taxCase}
      </Text>
      {fields.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text size="sm" c="dimmed" ta="center">
            {FUNDERS_TEXTS.none}
          </Text>
        </Paper>
      )}
      {fields.map((field, index) => (
        <Paper key={field.id} withBorder radius="md" p="lg" component="section" aria-label={FUNDERS_TEXTS.title(index + 1)}>
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4" c="navy.8">
                {FUNDERS_TEXTS.title(index + 1)}
              </Title>
              <ActionIcon color="red" variant="subtle" aria-label={`${FUNDERS_TEXTS.remove} n°${index + 1}`} title={FUNDERS_TEXTS.remove} onClick={() => remove(index)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <EnumSelect control={control} name={`funders.${index}.fundingType`} label={FUNDERS_TEXTS.fundingType} options={fundingTypeOptions} withAsterisk searchable />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <EnumSelect control={control} name={`funders.${index}.fundingSource`} label={FUNDERS_TEXTS.fundingSource} options={fundingSourceOptions} withAsterisk searchable />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <FormTextInput control={control} name={`funders.${index}.siret`} label={FUNDERS_TEXTS.siret} inputMode="numeric" maxLength={17} />
                <SiretWarning control={control} name={`funders.${index}.siret`} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }} style={{ display: "flex", alignItems: "flex-end", paddingBottom: 16 }}>
                <FormSwitch control={control} name={`funders.${index}.vat`} label={FUNDERS_TEXTS.vat} />
              </Grid.Col>
              {amounts.map((amount) => (
                <Grid.Col span={{ base: 12, sm: 6, md: amounts.length === 2 ? 6 : 3 }} key={amount}>
                  <FormTextInput
                    control={control}
                    name={`funders.${index}.${amount}`}
                    label={FUNDER_AMOUNT_LABELS[amount]}
                    inputMode="decimal"
                    rightSection={<Text size="sm" c="dimmed">€</Text>}
                  />
                </Grid.Col>
              ))}
            </Grid>
          </Stack>
        </Paper>
      ))}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => append(emptyFunder(), { shouldFocus: false })}>
          {FUNDERS_TEXTS.add}
        </Button>
      </Group>
    </Stack>
  );
}
