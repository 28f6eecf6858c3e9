/**
 * The edit page's 'Documents' tab (spec part 2 §2; PDF only): the registration certificate, the four titled lists, and one
 * monthly attendance sheet per month between the dates the form holds now ('janvier 2026' …), each month also offering the
 * blank sheet to print and sign ('Télécharger la feuille d'émargement', drawn by the API). Sheets of months the dates leave out
 * are never dropped by a date change: they show apart ('Hors des dates de la session') until someone removes them. The files
 * are saved with the session as the whole set.
 */
import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconDownload } from "@tabler/icons-react";
import { useController, useWatch, type UseFormReturn } from "react-hook-form";
import { Section } from "../../../src/components/DescriptionList";
import { useOpenPdf } from "../../../src/components/open-pdf";
import { TITLED_MEDIA_LISTS, type Session, type TitledMediaList } from "../schema";
import { formatMonth, SESSION_DOCUMENT_TEXTS } from "../SessionDetailDocuments";
import { formMonths, sheetsOutsideDates, type FormMedia, type SessionEditOutput, type SessionEditValues } from "./form-values";
import { PdfSlot } from "./PdfSlot";
import { TitledDocuments } from "./TitledDocuments";

export const DOCUMENTS_TAB_TEXTS = {
  kairosCertificate: SESSION_DOCUMENT_TEXTS.kairosCertificate,
  attendanceSheets: SESSION_DOCUMENT_TEXTS.attendanceSheets,
  noMonths: "Renseignez des dates de début et de fin valides pour obtenir les mois de la session.",
  downloadSheet: "Télécharger la feuille d'émargement",
  downloadSheetLabel: (month: string) => `Télécharger la feuille d'émargement de ${month}`,
  outsideDates: SESSION_DOCUMENT_TEXTS.outsideDates,
  outsideDatesNote:
    "Ces feuilles d'émargement sont celles de mois en dehors des dates de la session. Elles sont conservées jusqu'à ce que vous les retiriez.",
  close: "Fermer",
} as const;

type SessionEditForm = UseFormReturn<SessionEditValues, unknown, SessionEditOutput>;

function KairosCertificate({ form, sessionId }: { form: SessionEditForm; sessionId: string }) {
  const { field } = useController({ control: form.control, name: "medias.kairosCertificate" });
  const label = DOCUMENTS_TAB_TEXTS.kairosCertificate;
  return (
    <Section title={label}>
      <PdfSlot sessionId={sessionId} label={label} hideLabel value={field.value} onChange={field.onChange} />
    </Section>
  );
}

/**
 * One slot per month of the form's dates. The blank sheet is drawn by the API from the saved session: it is offered for the
 * saved months only (dates changed and not yet saved may add months the API does not know yet).
 */
function MonthlySheets({ form, session }: { form: SessionEditForm; session: Session }) {
  const t = DOCUMENTS_TAB_TEXTS;
  const pdf = useOpenPdf();
  const [startDate, endDate] = useWatch({ control: form.control, name: ["information.startDate", "information.endDate"] });
  const { field } = useController({ control: form.control, name: "medias.attendanceSheets" });
  const sheets = field.value;
  const months = formMonths(startDate, endDate);
  const savedValues = form.formState.defaultValues?.information;
  const savedMonths = new Set(formMonths(savedValues?.startDate, savedValues?.endDate));

  const setSheet = (month: string, media: FormMedia | null) => {
    const next = { ...sheets };
    if (media) next[month] = media;
    else delete next[month];
    field.onChange(next);
  };
  const outside = sheetsOutsideDates(sheets, startDate, endDate);

  return (
    <>
      <Section title={t.attendanceSheets}>
        {pdf.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" withCloseButton closeButtonLabel={t.close} onClose={pdf.clearError}>
            {pdf.error}
          </Alert>
        )}
        {months.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.noMonths}
          </Text>
        )}
        {months.map((month) => {
          const label = formatMonth(month);
          const download = savedMonths.has(month) && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              aria-label={t.downloadSheetLabel(label)}
              loading={pdf.opening === month}
              onClick={() => pdf.open(`/sessions/${session.id}/attendance-sheets/${month}`, month)}
            >
              {t.downloadSheet}
            </Button>
          );
          return <PdfSlot key={month} sessionId={session.id} label={label} value={sheets[month] ?? null} onChange={(media) => setSheet(month, media)} actions={download} />;
        })}
      </Section>
      {outside.length > 0 && (
        <Section title={t.outsideDates}>
          <Text size="sm">{t.outsideDatesNote}</Text>
          {outside.map(([month, media]) => (
            <PdfSlot key={month} sessionId={session.id} label={formatMonth(month)} value={media} onChange={(next) => setSheet(month, next)} />
          ))}
        </Section>
      )}
    </>
  );
}

export function DocumentsTab({ form, session }: { form: SessionEditForm; session: Session }) {
  return (
    <Stack gap="lg">
      <KairosCertificate form={form} sessionId={session.id} />
      {(Object.keys(TITLED_MEDIA_LISTS) as TitledMediaList[]).map((list) => (
        <TitledDocuments key={list} form={form} list={list} sessionId={session.id} />
      ))}
      <MonthlySheets form={form} session={session} />
    </Stack>
  );
}
