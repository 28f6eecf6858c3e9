import { ThemeIcon } from "@mantine/core";
import { useGetIdentity } from "@refinedev/core";
import { IconAlertCircle, IconCoin, IconInfoCircle } from "@tabler/icons-react";
import { useEffect } from "react";
import { useFormState } from "react-hook-form";
import type { Identity } from "../../providers/auth-provider";
import { EditPage } from "../../src/components/EditPage";
import { UrlTabs, useUrlTab, type UrlTab } from "../../src/components/UrlTabs";
import { trainingsDescriptor } from "./descriptor";
import { FundersFields } from "./FundersFields";
import { InformationFields, type ImportedField, type TrainingForm } from "./InformationFields";
import {
  toTrainingBody,
  TRAINING_MSG,
  trainingFormSchema,
  trainingSideLockedFor,
  trainingToFormValues,
  type Training,
  type TrainingFormOutput,
  type TrainingFormValues,
} from "./schema";

/** The tab values shown in the URL (`?tab=financeurs`): a tab can be linked and survives a reload. */
type Tab = "informations" | "financeurs";

const errorMark = (
  <ThemeIcon color="red" variant="light" size="xs" radius="xl" aria-label="Champs en erreur">
    <IconAlertCircle size={12} />
  </ThemeIcon>
);

function EditTabs({ form }: { form: TrainingForm }) {
  const { errors, submitCount } = useFormState({ control: form.control });
  // Number and action number are the training's identity; the other side's organisation belongs to the other side's roles.
  const otherSide = trainingSideLockedFor(useGetIdentity<Identity>().data?.role.id);
  const locked: ImportedField[] = ["number", "actionNumber", ...(otherSide ? [otherSide] : [])];
  const invalid: Record<Tab, boolean> = { informations: Boolean(errors.information), financeurs: Boolean(errors.funders) };
  const tabs: (UrlTab & { value: Tab })[] = [
    {
      value: "informations",
      label: "Informations",
      icon: <IconInfoCircle size={16} />,
      rightSection: invalid.informations ? errorMark : undefined,
      content: <InformationFields form={form} locked={locked} />,
    },
    {
      value: "financeurs",
      label: "Financeurs",
      icon: <IconCoin size={16} />,
      rightSection: invalid.financeurs ? errorMark : undefined,
      content: <FundersFields form={form} />,
    },
  ];
  const { active, select } = useUrlTab(tabs);
  // A refused save shows the tab holding the errors.
  useEffect(() => {
    if (submitCount > 0 && !invalid[active as Tab]) {
      const other = tabs.find((tab) => tab.value !== active && invalid[tab.value]);
      if (other) select(other.value);
    }
    // Only a new submission decides; typing must not move the user between tabs.
  }, [submitCount]); // eslint-disable-line react-hooks/exhaustive-deps
  // Both panels stay mounted (UrlTabs' default): the one form keeps every field and its validation whichever tab is shown.
  return <UrlTabs tabs={tabs} label="Sections de la formation" />;
}

export default function TrainingEdit() {
  return (
    <EditPage<Training, TrainingFormValues, TrainingFormOutput>
      resource={trainingsDescriptor}
      // The heading names the training alone; its numbers follow underneath.
      heading={(t) => `Modification de la formation ${t.information.name}`}
      subheading={(t) => `N° ${t.information.number} – action ${t.information.actionNumber}`}
      schema={trainingFormSchema}
      toFormValues={trainingToFormValues}
      messages={{ failed: TRAINING_MSG.saveError }}
      toPayload={toTrainingBody}
    >
      {(form) => <EditTabs form={form} />}
    </EditPage>
  );
}
