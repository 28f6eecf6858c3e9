import { useGetIdentity } from "@refinedev/core";
import { IconCoin, IconInfoCircle } from "@tabler/icons-react";
import type { Identity } from "../../providers/auth-provider";
import { EditPage } from "../../src/components/EditPage";
import { FormTabs } from "../../src/components/FormTabs";
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

function EditTabs({ form }: { form: TrainingForm }) {
  // Number and action number are the training's identity; the other side's organisation belongs to the other side's roles.
  const otherSide = trainingSideLockedFor(useGetIdentity<Identity>().data?.role.id);
  const locked: ImportedField[] = ["number", "actionNumber", ...(otherSide ? [otherSide] : [])];
  // `?tab=financeurs`: a tab can be linked and survives a reload.
  return (
    <FormTabs
      control={form.control}
      label="Sections de la formation"
      tabs={[
        {
          value: "informations",
          section: "information",
          label: "Informations",
          icon: <IconInfoCircle size={16} />,
          content: <InformationFields form={form} locked={locked} />,
        },
        { value: "financeurs", section: "funders", label: "Financeurs", icon: <IconCoin size={16} />, content: <FundersFields form={form} /> },
      ]}
    />
  );
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
