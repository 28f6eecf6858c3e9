/**
 * The trainee form's inline data-quality warnings (issue 15), recomputed as the user types: the NIR against the gender, the birth
 * date and 'born in France', the postal code against the city and the département. They never block saving a trainee: only the
 * push of a record to AGORA is gated (server/quality/gate.ts), by the same pure checks.
 */
import { Alert, List, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useWatch, type Control } from "react-hook-form";
import type { QualityCheck } from "../quality/check";
import { checkNir } from "../quality/nir";
import { checkPostalAddress } from "../quality/postal";
import { usePostalCommunes } from "../../src/components/use-postal-communes";
import { COLORS } from "../../src/theme";
import type { TraineeInput } from "./schema";

export const QUALITY_TEXTS = {
  title: "Contrôles avant envoi à AGORA",
  notBlocking: "Ces points n'empêchent pas d'enregistrer le stagiaire, mais AGORA refusera ses dossiers tant qu'ils ne sont pas corrigés.",
} as const;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function TraineeQualityWarnings({ control }: { control: Control<TraineeInput, unknown, unknown> }) {
  const [ssn, gender, birthDate, bornInFrance, zipCode, city, department] = useWatch({
    control,
    name: ["ssn", "gender", "birthDate", "bornInFrance", "address.zipCode", "address.city", "department"],
  });
  const communes = usePostalCommunes(zipCode);
  const checks: QualityCheck[] = [];
  // A NIR still being typed is the form's own business (its length message); the checks start once it is whole.
  if (text(ssn).length === 13) {
    checks.push(...checkNir({ ssn: text(ssn), gender: gender ?? "", birthDate: text(birthDate), bornInFrance: Boolean(bornInFrance) }));
  }
  // 'D75' → '75': the département code the communes carry.
  if (communes && text(city) !== "") {
    const where = { source: "trainee" as const, field: "address", agoraCode: 1022 };
    checks.push(...checkPostalAddress({ zipCode: text(zipCode), city: text(city) }, communes, where, text(department).slice(1) || null));
  }
  if (checks.length === 0) return null;
  return (
    <Alert color={COLORS.warning} icon={<IconAlertTriangle size={18} />} title={QUALITY_TEXTS.title} data-testid="trainee-quality-warnings">
      <List size="sm" spacing={4}>
        {checks.map((check) => (
          <List.Item key={check.code}>{check.message}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        {QUALITY_TEXTS.notBlocking}
      </Text>
    </Alert>
  );
}
