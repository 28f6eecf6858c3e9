/**
 * A session's information (spec part 2 §2, §5): the creation wizard's 'Informations' step and the edit page's 'Informations'
 * tab. Any form whose values hold `information: SessionInformationInput` uses it:
 *
 *   <InformationFields control={form.control} />
 *
 * The messages are the schema's (sessionInformationSchema): 'La date de fin doit être postérieure ou égale à la date de
 * début', 'La capacité doit être représentée par un entier', 'Le prix ne doit pas être inférieur à 0', 'Le prix ne doit pas
 * avoir plus de 2 décimales'.
 */
import { Grid, Text } from "@mantine/core";
import { useWatch, type Control, type FieldValues, type Path, type UseFormTrigger } from "react-hook-form";
import { Section } from "../../src/components/DescriptionList";
import { EnumSelect } from "../../src/components/EnumSelect";
import { FormDateInput, FormTextInput } from "../../src/components/form-inputs";
import { useOnChange } from "../../src/components/use-on-change";
import { EDUCATIONAL_COSTS, PURCHASING_UNITS, type SessionInformationInput } from "./schema";

/** The French name of each information field, also read by the detail and the wizard's summary. */
export const SESSION_INFORMATION_LABELS = {
  startDate: "Date de début",
  endDate: "Date de fin",
  capacity: "Capacité",
  totalPricePerPersonIncludingTaxes: "Prix global par personne TTC",
  totalPricePerPersonTaxFree: "Prix global par personne HT",
  purchasingUnit: "Unité d'achat",
  actualOrCalculatedEducationalCost: "Nature du coût pédagogique",
} as const satisfies Record<keyof SessionInformationInput, string>;

export const SESSION_INFORMATION_TITLE = "Informations de la session";

/** A form holding a session's information under `information`. */
export interface SessionInformationForm extends FieldValues {
  information: SessionInformationInput;
}

export interface InformationFieldsProps<T extends SessionInformationForm, O> {
  control: Control<T, unknown, O>;
  trigger: UseFormTrigger<T>;
}

const euroSign = (
  <Text size="sm" c="dimmed" aria-hidden>
    €
  </Text>
);

export function InformationFields<T extends SessionInformationForm, O>({ control, trigger }: InformationFieldsProps<T, O>) {
  // The form is generic over what else it holds (the wizard's training, the edit page's bilan): only its `information` is named here.
  const at = (field: keyof SessionInformationInput) => `information.${field}` as Path<T>;
  const labelOf = (field: keyof SessionInformationInput) => SESSION_INFORMATION_LABELS[field];

  // A change of the start date may make the end date (already chosen) too early, or right again: its message follows.
  const startDate = useWatch({ control, name: at("startDate") });
  const endDate = useWatch({ control, name: at("endDate") });
  useOnChange(startDate, () => {
    if (endDate) void trigger(at("endDate"));
  });

  const price = (field: "totalPricePerPersonIncludingTaxes" | "totalPricePerPersonTaxFree") => (
    <Grid.Col span={{ base: 12, sm: 6 }}>
      <FormTextInput control={control} name={at(field)} label={labelOf(field)} withAsterisk inputMode="decimal" rightSection={euroSign} />
    </Grid.Col>
  );

  return (
    <Section title={SESSION_INFORMATION_TITLE}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <FormDateInput control={control} name={at("startDate")} label={labelOf("startDate")} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <FormDateInput control={control} name={at("endDate")} label={labelOf("endDate")} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <FormTextInput control={control} name={at("capacity")} label={labelOf("capacity")} inputMode="numeric" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }} />
        {price("totalPricePerPersonIncludingTaxes")}
        {price("totalPricePerPersonTaxFree")}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EnumSelect control={control} name={at("purchasingUnit")} label={labelOf("purchasingUnit")} labels={PURCHASING_UNITS} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EnumSelect
            control={control}
            name={at("actualOrCalculatedEducationalCost")}
            label={labelOf("actualOrCalculatedEducationalCost")}
            labels={EDUCATIONAL_COSTS}
            withAsterisk
          />
        </Grid.Col>
      </Grid>
    </Section>
  );
}
