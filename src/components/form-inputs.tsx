/**
 * Mantine inputs bound to react-hook-form through <Controller>, with the spec's typing transforms.
 *
 *   <FormTextInput control={form.control} name="lastName" label="Nom" transform="upper" withAsterisk />
 *   <FormTextInput control={form.control} name="firstName" label="Prénom" transform="capitalize" />
 *   <FormDateInput control={form.control} name="birthDate" label="Date de naissance" initialLevel="year" maxDate={new Date()} />
 *   <FormSwitch control={form.control} name="fse" label="FSE" />
 */
import { Switch, TextInput, type SwitchProps, type TextInputProps } from "@mantine/core";
import { DatePicker, type DatePickerProps } from "@mantine/dates";
// The date picker reads dayjs's locale named by the theme's `datesLocale`: loaded here, with the picker, rather than by the
// theme, so that /login does not download dayjs (issue 11).
import "dayjs/locale/fr";
import { useRef, type KeyboardEvent } from "react";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { fromDateOnly, toDateOnly } from "../../resources/common/date-only";
import { capitalizeCity, capitalizeWords, toUpper } from "../../resources/common/strings";

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

/** "31/01/1980" → that day at local midnight; anything else an invalid date (the picker then clears the field). */
export function parseFrenchDate(value: string): Date {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  if (!match) return new Date(Number.NaN);
  const [, d, m, y] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getDate() === d && date.getMonth() === m - 1 ? date : new Date(Number.NaN);
}

export interface FormDateInputProps<T extends FieldValues, O = T> extends Omit<DatePickerProps, "name" | "value" | "onChange" | "error" | "form"> {
  control: Control<T, unknown, O>;
  name: Path<T>;
}

/**
 * Escape while the calendar is open closes the calendar only. Mantine 5 lets the key go on to a modal around, which closes too
 * (the « Export FSE » window lost its dates); with the focus in the typed field, the calendar does not close on Escape at all.
 * The key is stopped here, and the calendar closed as a click outside it would (the only way in: the picker owns its state).
 */
function useEscapeClosesCalendarOnly(props: Pick<DatePickerProps, "onDropdownOpen" | "onDropdownClose">) {
  const open = useRef(false);
  const openAtKeyDown = useRef(false);
  return {
    onDropdownOpen: () => {
      open.current = true;
      props.onDropdownOpen?.();
    },
    onDropdownClose: () => {
      open.current = false;
      props.onDropdownClose?.();
    },
    wrapper: {
      // Capture comes before the calendar's own Escape handling, which closes it before the key bubbles here.
      onKeyDownCapture: (event: KeyboardEvent<HTMLDivElement>) => {
        openAtKeyDown.current = event.key === "Escape" && open.current;
      },
      onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
        if (event.key !== "Escape" || !openAtKeyDown.current) return;
        event.stopPropagation();
        if (open.current) document.body.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
      },
    },
  };
}

/**
 * A calendar day, typed as DD/MM/YYYY or picked. The form holds it as the API does, `YYYY-MM-DD`, or "" once cleared (or
 * unreadable) so that the schema answers "Ce champ est obligatoire": the picker's Date (local midnight) lives only in here.
 */
export function FormDateInput<T extends FieldValues, O = T>({ control, name, ...props }: FormDateInputProps<T, O>) {
  const calendarKeys = useEscapeClosesCalendarOnly(props);
  return (
    // Keys from the calendar (in a portal) bubble here through React's tree.
    <div {...calendarKeys.wrapper}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => {
          const raw = field.value as string | null | undefined;
          const value = raw ? fromDateOnly(raw) : null;
          return (
            <DatePicker
              locale="fr"
              inputFormat="DD/MM/YYYY"
              labelFormat="MMMM YYYY"
              placeholder="JJ/MM/AAAA"
              allowFreeInput
              dateParser={parseFrenchDate}
              {...props}
              onDropdownOpen={calendarKeys.onDropdownOpen}
              onDropdownClose={calendarKeys.onDropdownClose}
              ref={field.ref}
              name={field.name}
              value={value && !Number.isNaN(value.getTime()) ? value : null}
              onChange={(date) => field.onChange(date && !Number.isNaN(date.getTime()) ? toDateOnly(date) : "")}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          );
        }}
      />
    </div>
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
