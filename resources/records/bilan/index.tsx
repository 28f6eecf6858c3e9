/**
 * /records/{rid}/bilan (spec part 2 §2 "a second record edit form covers the internship review", §5): the internship's start
 * and end dates (required, 'La date de fin doit être postérieure ou égale à la date de début'), the company, the tutor's
 * assessment, the training's result and the prospects ('Le nombre de caractères est limité à 1024'). Offered to the roles
 * that fill the bilan; 'Annuler' and 'Sauvegarder' go back to /records, with the version read (409 on a change meanwhile).
 */
import { Grid, Textarea } from "@mantine/core";
import { CanAccess } from "@refinedev/core";
import { Controller, type UseFormReturn } from "react-hook-form";
import { Section } from "../../../src/components/DescriptionList";
import { EditPage } from "../../../src/components/EditPage";
import { FormDateRange } from "../../../src/components/FormDateRange";
import { RestrictedPage } from "../../../src/pages/ErrorPages";
import { recordSubheading } from "../edit/heading";
import { recordsDescriptor } from "../descriptor";
import { INTERNSHIP_TEXT_FIELDS, RECORD_MSG, type TrainingRecord } from "../schema";
import { recordBilanBody, recordBilanSchema, recordToBilanValues, type RecordBilanOutput, type RecordBilanValues } from "./form";

export const BILAN_TEXTS = {
  heading: (record: TrainingRecord) => `Bilan de stage du dossier de formation ${recordsDescriptor.recordTitle(record)}`,
  periodTitle: "Période du stage",
  startDate: "Date de début du stage",
  endDate: "Date de fin du stage",
  reviewTitle: "Bilan du stage",
} as const;

type TextField = keyof typeof INTERNSHIP_TEXT_FIELDS;

function BilanFields({ form }: { form: UseFormReturn<RecordBilanValues, unknown, RecordBilanOutput> }) {
  const { control, trigger } = form;
  return (
    <>
      <Section title={BILAN_TEXTS.periodTitle}>
        <Grid gap="md">
          <FormDateRange
            control={control}
            trigger={trigger}
            start={{ name: "internship.internshipStartDate", label: BILAN_TEXTS.startDate, withAsterisk: true }}
            end={{ name: "internship.internshipEndDate", label: BILAN_TEXTS.endDate, withAsterisk: true }}
          />
        </Grid>
      </Section>
      <Section title={BILAN_TEXTS.reviewTitle}>
        <Grid gap="md">
          {(Object.keys(INTERNSHIP_TEXT_FIELDS) as TextField[]).map((field) => (
            <Grid.Col span={{ base: 12, sm: 6 }} key={field}>
              <Controller
                control={control}
                name={`internship.${field}`}
                render={({ field: input, fieldState }) => (
                  <Textarea
                    ref={input.ref}
                    name={input.name}
                    label={INTERNSHIP_TEXT_FIELDS[field]}
                    value={(input.value as string | null | undefined) ?? ""}
                    onChange={(event) => input.onChange(event.currentTarget.value)}
                    onBlur={input.onBlur}
                    error={fieldState.error?.message}
                    autosize
                    minRows={field === "internshipCompanyName" ? 1 : 3}
                    maxRows={10}
                  />
                )}
              />
            </Grid.Col>
          ))}
        </Grid>
      </Section>
    </>
  );
}

export default function RecordBilan() {
  return (
    <CanAccess resource={recordsDescriptor.name} action="fillBilan" fallback={<RestrictedPage />}>
      <EditPage<TrainingRecord, RecordBilanValues, RecordBilanOutput>
        resource={recordsDescriptor}
        heading={BILAN_TEXTS.heading}
        subheading={recordSubheading}
        schema={recordBilanSchema}
        toFormValues={recordToBilanValues}
        messages={{ failed: RECORD_MSG.saveError, conflictFromApi: true }}
        toPayload={recordBilanBody}
      >
        {(form) => <BilanFields form={form} />}
      </EditPage>
    </CanAccess>
  );
}
