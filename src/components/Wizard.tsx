/**
 * The creation wizard every resource shares: steps, a progress bar naming the step, "Précédent" / "Suivant" /
 * final "Sauvegarder"; "Suivant" advances only when the step's fields validate (react-hook-form trigger over the zod schema).
 *
 * CreateWizardPage is the whole creation screen (form, POST, messages, return to the list), titled from the resource's
 * descriptor ("Création d'un employé"):
 *
 *   <CreateWizardPage resource={employeesDescriptor} schema={employeeSchema} defaultValues={emptyEmployee()}
 *     messages={{ conflict: EMPLOYEE_MSG.emailTaken, failed: EMPLOYEE_MSG.createFailed }}
 *     steps={(form) => [
 *       { label: "Informations", fields: ["firstName", "lastName", …], content: <EmployeeFields form={form} /> },
 *       { label: "Récapitulatif", content: <EmployeeRecap values={form.getValues()} /> },
 *     ]} />
 *
 * A resource with an extra first step (trainees' import) gives it first, with `canContinue` to lock "Suivant".
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { useCreate, type BaseRecord, type HttpError } from "@refinedev/core";
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconDeviceFloppy } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import type { AnyResourceDescriptor } from "../../resources/resource-module";
import type { SaveError, SaveMessages } from "./form-errors";
import { useSaveFlow } from "./use-save-flow";
import { PageTitle } from "./PageTitle";

export const WIZARD_TEXTS = {
  previous: "Précédent",
  next: "Suivant",
  save: "Sauvegarder",
  cancel: "Annuler",
  step: (n: number, total: number) => `Étape ${n} sur ${total}`,
  created: "Création effectuée",
  title: (a: string) => `Création d'${a}`,
} as const;

export interface WizardStep<T extends FieldValues> {
  label: string;
  /** Fields validated by "Suivant"; none: the step always passes (recap). */
  fields?: Path<T>[];
  content: ReactNode;
  /** False keeps "Suivant" disabled (e.g. until an import found a person). */
  canContinue?: boolean;
}

export interface WizardProps<T extends FieldValues> {
  title: string;
  steps: WizardStep<T>[];
  step: number;
  onStepChange: (step: number) => void;
  trigger: UseFormReturn<T>["trigger"];
  onSave: () => void;
  saving?: boolean;
  onCancel?: () => void;
  error?: SaveError | null;
}

export function Wizard<T extends FieldValues>({ title, steps, step, onStepChange, trigger, onSave, saving, onCancel, error }: WizardProps<T>) {
  const current = steps[step]!;
  const last = step === steps.length - 1;
  const next = async () => {
    // Enter in a field submits the form: a locked "Suivant" must hold then too.
    if (current.canContinue === false) return;
    // A step without fields (import, recap) always passes: validating the whole form there would flag later steps' fields.
    const valid = current.fields && current.fields.length ? await trigger(current.fields, { shouldFocus: true }) : true;
    if (valid) onStepChange(step + 1);
  };
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="lg">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text fw={700} size="sm" data-testid="wizard-step">
              {current.label}
            </Text>
            <Text size="sm" c="dimmed">
              {WIZARD_TEXTS.step(step + 1, steps.length)}
            </Text>
          </Group>
          <Progress value={((step + 1) / steps.length) * 100} size="md" radius="xl" aria-label={`${WIZARD_TEXTS.step(step + 1, steps.length)} : ${current.label}`} />
        </Stack>
      </Paper>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (last) onSave();
          else void next();
        }}
      >
        <Stack gap="lg">
          {current.content}
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={error.message}>
              {error.detail}
            </Alert>
          )}
          <Group justify="space-between">
            <Group gap="sm">
              {onCancel && (
                <Button variant="subtle" color="gray" onClick={onCancel}>
                  {WIZARD_TEXTS.cancel}
                </Button>
              )}
            </Group>
            <Group gap="sm">
              {step > 0 && (
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => onStepChange(step - 1)}>
                  {WIZARD_TEXTS.previous}
                </Button>
              )}
              {last ? (
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving}>
                  {WIZARD_TEXTS.save}
                </Button>
              ) : (
                <Button type="submit" rightSection={<IconArrowRight size={16} />} disabled={current.canContinue === false}>
                  {WIZARD_TEXTS.next}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

export interface CreateWizardPageProps<I extends FieldValues, O> {
  resource: AnyResourceDescriptor;
  schema: z.ZodType<O, I>;
  defaultValues: DefaultValues<I>;
  steps: (form: UseFormReturn<I, unknown, O>) => WizardStep<I>[];
  messages: SaveMessages;
  /** The POST body, when it differs from the validated values. */
  toPayload?: (values: O) => object;
  /** The step shown first (0-based): a session created from a training starts at 'Informations', its training chosen. */
  initialStep?: number;
}

export function CreateWizardPage<I extends FieldValues, O>({ resource, schema, defaultValues, steps, messages, toPayload, initialStep = 0 }: CreateWizardPageProps<I, O>) {
  const { listPath } = resource;
  const navigate = useNavigate();
  const [step, setStep] = useState(initialStep);
  const form = useForm<I, unknown, O>({ resolver: zodResolver(schema), mode: "onChange", defaultValues });
  const flow = useSaveFlow(form.setError, messages, { message: WIZARD_TEXTS.created, navigateTo: listPath });
  const { mutate } = useCreate<BaseRecord, HttpError, object>();

  const save = form.handleSubmit(
    (values) => {
      flow.begin();
      mutate({ resource: resource.name, values: toPayload ? toPayload(values) : (values as object), successNotification: false, errorNotification: false }, flow.callbacks);
    },
    // A field of an earlier step can still be invalid (e.g. a server error): go back to the first step holding one.
    (errors) => {
      const all = steps(form);
      const index = all.findIndex((s) => s.fields?.some((f) => f.split(".")[0]! in errors));
      if (index >= 0) setStep(index);
    },
  );

  return (
    <Wizard<I>
      title={WIZARD_TEXTS.title(resource.singular.a)}
      steps={steps(form)}
      step={step}
      onStepChange={setStep}
      trigger={form.trigger}
      onSave={() => void save()}
      saving={flow.isPending}
      onCancel={() => navigate(listPath)}
      error={flow.error}
    />
  );
}
