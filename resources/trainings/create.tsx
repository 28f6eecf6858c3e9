import { Alert } from "@mantine/core";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { CreateWizardPage } from "../../src/components/Wizard";
import { emptyAddress } from "../common/address";
import { trainingsDescriptor } from "./descriptor";
import { FundersFields } from "./FundersFields";
import { ImportStep, importAllowsNext, useTrainingImport } from "./ImportStep";
import { InformationFields, type ImportedField, type TrainingForm } from "./InformationFields";
import {
  emptyTraining,
  toTrainingBody,
  TRAINING_MSG,
  trainingFormSchema,
  withForcedValues,
  type TrainingFormOutput,
  type TrainingFormValues,
  type TrainingImportResult,
} from "./schema";
import { TrainingSummary } from "./TrainingSummary";

/** Copies the import into the form; answers the fields it filled (disabled in step 2). */
function applyImport(form: TrainingForm, result: TrainingImportResult): ImportedField[] {
  const { information } = result;
  const set = form.setValue;
  set("information.name", information.name);
  set("information.number", information.number);
  set("information.actionNumber", information.actionNumber);
  set("information.address", information.address ?? emptyAddress());
  const filled: ImportedField[] = ["name", "number", "actionNumber"];
  if (information.address) filled.push("address");
  for (const key of ["educationalOrganization", "contractingOrganization"] as const) {
    const organization = information[key];
    // A missing organisation is left to choose by search (or to create in step 1).
    set(`information.${key}`, organization.id ? { id: organization.id, name: organization.name, siret: organization.siret } : null);
    if (organization.id) filled.push(key);
  }
  return filled;
}

/** Step 4: the values as they will be saved (forced CPF values included). */
function Recap({ form }: { form: TrainingForm }) {
  const values = useWatch({ control: form.control });
  const parsed = trainingFormSchema.safeParse(values);
  if (!parsed.success) return <Alert color="red">{TRAINING_MSG.createError}</Alert>;
  const output: TrainingFormOutput = parsed.data;
  return <TrainingSummary training={{ information: withForcedValues(output.information), funders: output.funders }} />;
}

export default function TrainingCreate() {
  const importLookup = useTrainingImport();
  const [imported, setImported] = useState<ImportedField[]>([]);

  return (
    <CreateWizardPage<TrainingFormValues, TrainingFormOutput>
      resource={trainingsDescriptor}
      schema={trainingFormSchema}
      defaultValues={emptyTraining()}
      messages={{ failed: TRAINING_MSG.createError }}
      toPayload={toTrainingBody}
      steps={(form) => [
        {
          label: "Import Agora",
          canContinue: importAllowsNext(importLookup),
          content: (
            <ImportStep
              lookup={importLookup}
              onSearch={(query) =>
                importLookup.lookup(query, (result) => {
                  if (!result.id) setImported(applyImport(form, result));
                })
              }
            />
          ),
        },
        { label: "Informations", fields: ["information"], content: <InformationFields form={form} imported={imported} /> },
        { label: "Financeurs", fields: ["funders"], content: <FundersFields form={form} /> },
        { label: "Récapitulatif", content: <Recap form={form} /> },
      ]}
    />
  );
}
