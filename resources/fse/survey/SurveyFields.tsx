/**
 * The form 'Bilan de la formation' (spec part 2 §2 "Survey screen", §4 "Survey periods"): which questions show is
 * `fseVisibility`, the schema's own rule, read from the answers as they change — the EU nationality when not French; employed →
 * the employment detail; not employed → in training or internship, and looking for a job; looking → 'Date de début';
 * registered with the agency → 'Si Oui, depuis quelle date ?'. A question hidden again keeps its answer in the form (shown
 * again if the user changes their mind) but is sent as null or false: the schema's transform drops it.
 */
import { Grid } from "@mantine/core";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Section } from "../../../src/components/DescriptionList";
import { EnumSelect } from "../../../src/components/EnumSelect";
import { FormDateInput } from "../../../src/components/form-inputs";
import {
  FSE_MSG,
  FSE_QUESTIONS,
  fseCurrentSituationOptions,
  fseEmployedDetailOptions,
  fseLevelOptions,
  fseVisibility,
  fseYesNoAnswerOptions,
  type FseInformation,
  type FseInformationInput,
} from "../schema";
import { AidBoxes } from "./AidBoxes";
import { YesNoField } from "./YesNoField";

export type SurveyForm = UseFormReturn<FseInformationInput, unknown, FseInformation>;

const Q = FSE_QUESTIONS;

export function SurveyFields({ form }: { form: SurveyForm }) {
  const { control } = form;
  const [frenchNationality, employed, lookingForJob, registeredPoleEmploi] = useWatch({
    control,
    name: ["frenchNationality", "employed", "lookingForJob", "registeredPoleEmploi"],
  });
  const shown = fseVisibility({ frenchNationality, employed, lookingForJob, registeredPoleEmploi });

  return (
    <Section title={FSE_MSG.formTitle}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <YesNoField control={control} name="frenchNationality" label={Q.frenchNationality} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {shown.europeanNationality && <YesNoField control={control} name="europeanNationality" label={Q.europeanNationality} withAsterisk />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EnumSelect control={control} name="currentSituation" label={Q.currentSituation} options={fseCurrentSituationOptions} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EnumSelect control={control} name="level" label={Q.level} options={fseLevelOptions} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <YesNoField control={control} name="employed" label={Q.employed} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {shown.employedDetail && <EnumSelect control={control} name="employedDetail" label={Q.employedDetail} options={fseEmployedDetailOptions} withAsterisk />}
        </Grid.Col>
        {shown.unemployedQuestions && (
          <>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <YesNoField control={control} name="inProfessionalTraining" label={Q.inProfessionalTraining} withAsterisk />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <YesNoField control={control} name="lookingForJob" label={Q.lookingForJob} withAsterisk />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }} offset={{ base: 0, sm: 6 }}>
              {shown.unemployedDate && <FormDateInput control={control} name="unemployedDate" label={Q.unemployedDate} />}
            </Grid.Col>
          </>
        )}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <YesNoField control={control} name="registeredPoleEmploi" label={Q.registeredPoleEmploi} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {shown.poleEmploiDate && <FormDateInput control={control} name="poleEmploiDate" label={Q.poleEmploiDate} />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <YesNoField control={control} name="handicap" label={Q.handicap} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EnumSelect control={control} name="homeless" label={Q.homeless} options={fseYesNoAnswerOptions} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <AidBoxes form={form} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EnumSelect control={control} name="parentBornInEurope" label={Q.parentBornInEurope} options={fseYesNoAnswerOptions} withAsterisk />
        </Grid.Col>
      </Grid>
    </Section>
  );
}
