/**
 * Mantine inputs bound to react-hook-form through <Controller>, with the spec's typing transforms.
 *
 *   <FormTextInput control={form.control} name="lastName" label="Nom" transform="upper" withAsterisk />
 *   <FormTextInput control={form.control} name="firstName" label="Prénom" transform="capitalize" />
 *   <FormDateInput control={form.control} name="birthDate" label="Date de naissance" initialLevel="year" maxDate={new Date()} />
 *   <FormSwitch control={form.control} name="fse" label="FSE" />
 */
import { Switch, TextInput, type SwitchProps, type TextInputProps } from "@mantine/core";
import type { KeyboardEvent } from "react";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { capitalizeCity, capitalizeWords, toUpper } from "../../resources/common/strings";
import { FrenchDateInput, type FrenchDateInputProps } from "./FrenchDateInput";

/** A search field's onKeyDown inside a wizard: Enter runs the search rather than submitting the wizard's form. */
export const runOnEnter =
  (run: () => void) =>
  (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    run();
  };

export type TextTransform = "upper" | "capitalize" | "city";

const TRANSFORMS: Record<TextTransform, (value: string) => string> = { upper: toUpper, capitalize: capitalizeWords, city: capitalizeCity };

export interface FormTextInputProps<T extends FieldValues, O = T> extends Omit<TextInputProps, "name" | "value" | "onChange" | "error" | "form"> {
  /** O: the form's validated output type (zod transforms), irrelevant to the input itself. */
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Applied while typing: last names and organisation names upper case, first names capitalised, cities with their particles. */
  transform?: TextTransform;
}

export function FormTextInput<T extends FieldValues, O = T>({ control, name, transform, ...props }: FormTextInputProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ""}
          onBlur={field.onBlur}
          onChange={(event) => {
            const value = event.currentTarget.value;
            field.onChange(transform ? TRANSFORMS[transform](value) : value);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export interface FormDateInputProps<T extends FieldValues, O = T> extends Omit<FrenchDateInputProps, "name" | "value" | "onChange" | "error" | "form"> {
  control: Control<T, unknown, O>;
  name: Path<T>;
}

/**
 * A calendar day, typed as DD/MM/YYYY or picked. The form holds it as the API does, `YYYY-MM-DD`, or "" once cleared so that
 * the schema answers "Ce champ est obligatoire".
 */
export function FormDateInput<T extends FieldValues, O = T>({ control, name, ...props }: FormDateInputProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FrenchDateInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) || null}
          onChange={(day) => field.onChange(day ?? "")}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export interface FormSwitchProps<T extends FieldValues, O = T> extends Omit<SwitchProps, "name" | "checked" | "onChange" | "error" | "form"> {
  control: Control<T, unknown, O>;
  name: Path<T>;
}

/** A yes/no field (boolean). */
export function FormSwitch<T extends FieldValues, O = T>({ control, name, ...props }: FormSwitchProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Switch
          {...props}
          ref={field.ref}
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
