import { Tabs, ThemeIcon } from "@mantine/core";
import { useGetIdentity } from "@refinedev/core";
import { IconAlertCircle, IconCoin, IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useFormState } from "react-hook-form";
import type { Identity } from "../../providers/auth-provider";
import { EditPage } from "../../src/components/EditPage";
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

type Tab = "information" | "funders";

const errorMark = (
  <ThemeIcon color="red" variant="light" size="xs" radius="xl" aria-label="Champs en erreur">
    <IconAlertCircle size={12} />
  </ThemeIcon>
);

function EditTabs({ form }: { form: TrainingForm }) {
  const [tab, setTab] = useState<Tab>("information");
  const { errors, submitCount } = useFormState({ control: form.control });
  // Number and action number are the training's identity; the other side's organisation belongs to the other side's roles.
  const otherSide = trainingSideLockedFor(useGetIdentity<Identity>().data?.role.id);
  const locked: ImportedField[] = ["number", "actionNumber", ...(otherSide ? [otherSide] : [])];
  const invalid: Record<Tab, boolean> = { information: Boolean(errors.information), funders: Boolean(errors.funders) };
  // A refused save shows the tab holding the errors.
  useEffect(() => {
    if (submitCount > 0 && !invalid[tab]) {
      const other: Tab = tab === "information" ? "funders" : "information";
      if (invalid[other]) setTab(other);
    }
    // Only a new submission decides; typing must not move the user between tabs.
  }, [submitCount]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Tabs value={tab} onTabChange={(value) => setTab(value as Tab)}>
      <Tabs.List>
        <Tabs.Tab value="information" icon={<IconInfoCircle size={16} />} rightSection={invalid.information ? errorMark : undefined}>
          Informations
        </Tabs.Tab>
        <Tabs.Tab value="funders" icon={<IconCoin size={16} />} rightSection={invalid.funders ? errorMark : undefined}>
          Financeurs
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="information" pt="lg">
        <InformationFields form={form} locked={locked} />
      </Tabs.Panel>
      <Tabs.Panel value="funders" pt="lg">
        <FundersFields form={form} />
      </Tabs.Panel>
    </Tabs>
  );
}

export default function TrainingEdit() {
  return (
    <EditPage<Training, TrainingFormValues, TrainingFormOutput>
      resource="trainings"
      listPath="/trainings"
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
