/**
 * What the session's save asks first (design.md "UI conventions"): validating the bilan locks it for good and e-mails the funding
 * authority (the contracting organisation named); new dates that leave signed attendance sheets outside the session list them
 * (kept apart, or dropped when only uploaded). Nothing to ask: null, the save goes at once.
 */
import { List, Stack, Text } from "@mantine/core";
import type { SaveConfirmation } from "../../../src/components/SaveConfirmModal";
import type { Session } from "../schema";
import { formatMonth, SESSION_DOCUMENT_TEXTS } from "../SessionDetailDocuments";
import { sheetsLeftOutside, type SessionEditOutput, type SheetLeftOutside } from "./form-values";

export const SESSION_SAVE_CONFIRM_TEXTS = {
  bilanTitle: "Valider le bilan ?",
  bilanLocked: "Le bilan de la session sera validé : ses champs ne pourront plus être modifiés. Cette action est définitive.",
  bilanMail: (organization: string) =>
    `Un e-mail annonçant la validation sera envoyé à l'autorité de financement, l'organisme contractant ${organization} (à son adresse e-mail, ou à défaut à ses responsables).`,
  bilanConfirm: "Valider le bilan et enregistrer",
  sheetsTitle: "Feuilles d'émargement hors des dates",
  sheetsIntro: "Les nouvelles dates laissent en dehors de la session les feuilles d'émargement suivantes :",
  sheetKept: (month: string, name: string | null) =>
    `${month}${name ? ` (${name})` : ""} : conservée à part, sous « ${SESSION_DOCUMENT_TEXTS.outsideDates} », jusqu'à ce que vous la retiriez`,
  sheetDropped: (month: string) => `${month} : fichier déposé mais pas encore enregistré, il ne sera pas conservé`,
  sheetsConfirm: "Enregistrer",
} as const;

function SheetsLeftOutside({ sheets }: { sheets: SheetLeftOutside[] }) {
  const t = SESSION_SAVE_CONFIRM_TEXTS;
  return (
    <Stack gap={6}>
      <Text size="sm">{t.sheetsIntro}</Text>
      <List size="sm" data-testid="sheets-left-outside">
        {sheets.map((sheet) => (
          <List.Item key={sheet.month}>{sheet.kept ? t.sheetKept(formatMonth(sheet.month), sheet.name) : t.sheetDropped(formatMonth(sheet.month))}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function sessionSaveConfirmation(values: SessionEditOutput, session: Session): SaveConfirmation | null {
  const t = SESSION_SAVE_CONFIRM_TEXTS;
  const validating = values.result.validatedAssessment && !session.result.validatedAssessment;
  const sheets = sheetsLeftOutside(values, session);
  if (!validating && sheets.length === 0) return null;
  const organization = session.training.information.contractingOrganization.name;
  return {
    title: validating ? t.bilanTitle : t.sheetsTitle,
    confirmLabel: validating ? t.bilanConfirm : t.sheetsConfirm,
    content: (
      <Stack gap="sm">
        {validating && (
          <>
            <Text size="sm">{t.bilanLocked}</Text>
            <Text size="sm">{t.bilanMail(organization)}</Text>
          </>
        )}
        {sheets.length > 0 && <SheetsLeftOutside sheets={sheets} />}
      </Stack>
    ),
  };
}
