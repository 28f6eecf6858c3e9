/**
 * UrlTabs over one react-hook-form spanning the tabs (edit pages: training, session). Each tab names the form's top-level
 * field holding its inputs (`information`, `funders`): a tab whose field has errors carries a red mark, and a refused save
 * shows the tab holding the errors when the one shown has none.
 *
 *   <FormTabs control={form.control} label="Sections de la formation" tabs={[
 *     { value: "informations", section: "information", label: "Informations", content: <InformationFields form={form} /> },
 *     { value: "financeurs", section: "funders", label: "Financeurs", content: <FundersFields form={form} /> },
 *   ]} />
 */
import { ThemeIcon } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useFormState, type Control, type FieldValues } from "react-hook-form";
import { UrlTabs, useUrlTab, type UrlTab } from "./UrlTabs";
import { useOnChange } from "./use-on-change";

export const FORM_TABS_TEXTS = {
  invalidTab: "Champs en erreur",
} as const;

export interface FormTab<F extends FieldValues> extends UrlTab {
  /** The form's top-level field holding this tab's inputs: its errors mark the tab. */
  section: keyof F & string;
}

export interface FormTabsProps<F extends FieldValues, T> {
  control: Control<F, unknown, T>;
  tabs: readonly FormTab<F>[];
  /** The tab list's accessible name. */
  label: string;
}

const errorMark = (
  <ThemeIcon color="red" variant="light" size="xs" radius="xl" aria-label={FORM_TABS_TEXTS.invalidTab}>
    <IconAlertCircle size={12} />
  </ThemeIcon>
);

export function FormTabs<F extends FieldValues, T>({ control, tabs, label }: FormTabsProps<F, T>) {
  const { errors, submitCount } = useFormState({ control });
  const invalid = (tab: FormTab<F>) => Boolean(errors[tab.section]);
  const { active, select } = useUrlTab(tabs);
  // Only a new submission decides; typing must not move the user between tabs.
  useOnChange(submitCount, () => {
    const shown = tabs.find((tab) => tab.value === active);
    if (shown && invalid(shown)) return;
    const other = tabs.find(invalid);
    if (other) select(other.value);
  });
  // The panels stay mounted (UrlTabs' default): the one form keeps every field and its validation whichever tab is shown.
  return <UrlTabs tabs={tabs.map((tab) => (invalid(tab) ? { ...tab, rightSection: errorMark } : tab))} label={label} />;
}
