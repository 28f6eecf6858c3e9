/**
 * 'Etes-vous bénéficiaire des aides suivantes ?' (spec part 2 §2, §4): the eight allowances and 'Non, je ne bénéficie d'aucune
 * de ces aides', exclusive through toggleAid (checking 'no aid' clears the eight, checking an allowance clears 'no aid').
 * The boxes are set together, so the schema's 'no aid with an allowance' refusal cannot arise from the form.
 */
import { Checkbox, Input, Stack } from "@mantine/core";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { FSE_ALLOWANCE_KEYS, FSE_ALLOWANCES, FSE_QUESTIONS, toggleAid, type FseAllowance, type FseInformation, type FseInformationInput } from "../schema";

type Box = FseAllowance | "noAid";
const BOXES: readonly Box[] = [...FSE_ALLOWANCE_KEYS, "noAid"];
const boxLabel = (box: Box) => (box === "noAid" ? FSE_QUESTIONS.noAid : FSE_ALLOWANCES[box]);

export function AidBoxes({ form }: { form: UseFormReturn<FseInformationInput, unknown, FseInformation> }) {
  const { control, getValues, setValue, formState } = form;
  const checked = useWatch({ control, name: BOXES }) as boolean[];
  const error = formState.errors.noAid?.message;

  const toggle = (box: Box, on: boolean) => {
    const current = Object.fromEntries(BOXES.map((key) => [key, getValues(key)])) as Record<Box, boolean>;
    const next = toggleAid(current, box, on);
    for (const key of BOXES) {
      if (next[key] !== current[key]) setValue(key, next[key], { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <Input.Wrapper label={FSE_QUESTIONS.aids} labelElement="div" error={error}>
      <Stack gap={8} mt={6} role="group" aria-label={FSE_QUESTIONS.aids}>
        {BOXES.map((box, index) => (
          <Checkbox
            key={box}
            name={box}
            label={boxLabel(box)}
            checked={Boolean(checked[index])}
            onChange={(event) => toggle(box, event.currentTarget.checked)}
            mt={box === "noAid" ? 4 : 0}
          />
        ))}
      </Stack>
    </Input.Wrapper>
  );
}
