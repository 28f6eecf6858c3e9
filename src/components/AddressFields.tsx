/**
 * Every input of the shared address (resources/common/address.ts), under a form path prefix.
 *
 *   <AddressFields control={form.control} prefix="address" />            // organisation: all optional
 *   <AddressFields control={form.control} prefix="address" required />   // trainee: street name, zip code, city required
 *
 * Street type and number extension are selects over their lists (French labels); the city is capitalised while typing, its particles kept lower case ("Saint-Ouen-sur-Seine"),
 * and the postal code offers its communes to pick from (PostalCommunes).
 */
import { Grid } from "@mantine/core";
import type { Control, FieldValues, Path } from "react-hook-form";
import { streetNumberExtensionOptions, streetTypeOptions } from "../../resources/common/address";
import { EnumSelect } from "./EnumSelect";
import { FormTextInput } from "./form-inputs";
import { PostalCommunes } from "./PostalCommunes";

export const ADDRESS_LABELS = {
  address1: "Appartement, étage",
  address2: "Résidence, bâtiment",
  address3: "Lieu-dit",
  streetNumber: "Numéro",
  streetNumberExtension: "Complément",
  streetType: "Type de voie",
  streetName: "Nom de la voie",
  zipCode: "Code postal",
  city: "Ville",
} as const;

export interface AddressFieldsProps<T extends FieldValues, O = T> {
  control: Control<T, unknown, O>;
  prefix: string;
  required?: boolean;
  disabled?: boolean;
}

export function AddressFields<T extends FieldValues, O = T>({ control, prefix, required = false, disabled }: AddressFieldsProps<T, O>) {
  const path = (field: keyof typeof ADDRESS_LABELS) => `${prefix}.${field}` as Path<T>;
  const text = (field: keyof typeof ADDRESS_LABELS, extra: { withAsterisk?: boolean; maxLength?: number; transform?: "city" } = {}) => (
    <FormTextInput control={control} name={path(field)} label={ADDRESS_LABELS[field]} disabled={disabled} {...extra} />
  );
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xs: 4, sm: 2 }}>
        {text("streetNumber")}
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 8, sm: 3 }}>
        <EnumSelect control={control} name={path("streetNumberExtension")} label={ADDRESS_LABELS.streetNumberExtension} options={streetNumberExtensionOptions} clearable disabled={disabled} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <EnumSelect control={control} name={path("streetType")} label={ADDRESS_LABELS.streetType} options={streetTypeOptions} searchable clearable disabled={disabled} />
      </Grid.Col>
      <Grid.Col span={12}>{text("streetName", { withAsterisk: required })}</Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>{text("address1")}</Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>{text("address2")}</Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>{text("address3")}</Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>{text("zipCode", { withAsterisk: required })}</Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        {text("city", { withAsterisk: required, transform: "city" })}
        <PostalCommunes control={control} prefix={prefix} disabled={disabled} />
      </Grid.Col>
    </Grid>
  );
}
