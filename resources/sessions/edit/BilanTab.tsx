/**
 * The edit page's 'Bilan' tab (spec part 2 §2, §4, §5): fourteen texts (1024 characters, the targeted qualification 244),
 * the level, and 'Valider le bilan'. Ticking it on a bilan not yet validated warns that its fields will be locked and the
 * funding authority e-mailed; once validated (as saved) every field is disabled and who validated it, and when, is shown.
 * The lock is the server's too: any change of a validated bilan is refused (409).
 */
import { Alert, Checkbox, Grid, Textarea } from "@mantine/core";
import { IconAlertTriangle, IconLock } from "@tabler/icons-react";
import { Controller, useWatch, type Control, type UseFormReturn } from "react-hook-form";
import { Section } from "../../../src/components/DescriptionList";
import { EnumSelect } from "../../../src/components/EnumSelect";
import { formatDate } from "../../../src/lib/format";
import { COLORS } from "../../../src/theme";
import { RESULT_LEVEL_LABEL, RESULT_LEVELS, RESULT_TEXT_FIELDS, SESSION_MSG, type ResultTextField, type Session } from "../schema";
import { BilanMailStatus } from "./BilanMailStatus";
import type { SessionEditOutput, SessionEditValues } from "./form-values";

const clock = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit" });

export const BILAN_TEXTS = {
  title: "Bilan de la session",
  validate: "Valider le bilan",
  validateWarning: SESSION_MSG.validateWarning,
  validated: (name: string | null, date: string) => {
    const when = `le ${formatDate(date)} à ${clock.format(new Date(date))}`;
    return name ? `Validé par ${name} ${when}` : `Validé ${when}`;
  },
} as const;

type SessionEditControl = Control<SessionEditValues, unknown, SessionEditOutput>;

/** A bilan text: a short line for the targeted qualification, a multi-line area for the others. */
function ResultText({ control, field, disabled }: { control: SessionEditControl; field: ResultTextField; disabled: boolean }) {
  const { label } = RESULT_TEXT_FIELDS[field];
  return (
    <Controller
      control={control}
      name={`result.${field}`}
      render={({ field: input, fieldState }) => (
        <Textarea
          ref={input.ref}
          name={input.name}
          label={label}
          value={(input.value as string | null | undefined) ?? ""}
          onChange={(event) => input.onChange(event.currentTarget.value)}
          onBlur={input.onBlur}
          error={fieldState.error?.message}
          disabled={disabled}
          autosize
          minRows={field === "targetedQualification" ? 1 : 3}
          maxRows={10}
        />
      )}
    />
  );
}

export function BilanTab({ form, session }: { form: UseFormReturn<SessionEditValues, unknown, SessionEditOutput>; session: Session }) {
  const { control } = form;
  const { validatedAssessment: locked, validatedBy, validatedDate } = session.result;
  const validating = useWatch({ control, name: "result.validatedAssessment" });
  return (
    <Section title={BILAN_TEXTS.title}>
      {locked && validatedDate && (
        <Alert color="blue" icon={<IconLock size={18} />} data-testid="bilan-validated">
          {BILAN_TEXTS.validated(validatedBy?.name ?? null, validatedDate)}
        </Alert>
      )}
      {locked && <BilanMailStatus sessionId={session.id} />}
      <Grid gap="md">
        {(Object.keys(RESULT_TEXT_FIELDS) as ResultTextField[]).map((field) => (
          <Grid.Col span={{ base: 12, sm: 6 }} key={field}>
            <ResultText control={control} field={field} disabled={locked} />
          </Grid.Col>
        ))}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EnumSelect control={control} name="result.level" label={RESULT_LEVEL_LABEL} labels={RESULT_LEVELS} clearable disabled={locked} />
        </Grid.Col>
      </Grid>
      <Controller
        control={control}
        name="result.validatedAssessment"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            name={field.name}
            label={BILAN_TEXTS.validate}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={locked}
          />
        )}
      />
      {validating && !locked && (
        <Alert color={COLORS.warning} icon={<IconAlertTriangle size={18} />} role="alert">
          {BILAN_TEXTS.validateWarning}
        </Alert>
      )}
    </Section>
  );
}
