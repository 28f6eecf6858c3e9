/**
 * Under a SIRET input: the data-quality warning (issue 15) once 14 digits are typed and their Luhn key is wrong (La Poste's
 * exception included: resources/quality/siret.ts). A warning only: the organisation or funder is saved, a record's push is gated.
 */
import { Text } from "@mantine/core";
import { useWatch, type Control, type FieldValues, type Path } from "react-hook-form";
import { siretProblem } from "../../resources/quality/siret";
import { COLORS } from "../theme";

export const SIRET_KEY_WARNING = "Ce SIRET est invalide (clé de contrôle incorrecte) : AGORA refusera les dossiers qui l'utilisent";

export function SiretWarning<T extends FieldValues, O = T>({ control, name }: { control: Control<T, unknown, O>; name: Path<T> }) {
  const value: unknown = useWatch({ control, name });
  const siret = typeof value === "string" ? value.replace(/\s/g, "") : "";
  // Shorter or not digits: the form's own message says so; only a whole SIRET has a key to check.
  if (!/^\d{14}$/.test(siret) || siretProblem(siret) === null) return null;
  return (
    <Text size="xs" c={COLORS.warning} mt={4} role="status" data-testid="siret-warning">
      {SIRET_KEY_WARNING}
    </Text>
  );
}
