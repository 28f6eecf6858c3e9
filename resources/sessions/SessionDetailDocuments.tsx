/**
 * The session detail's documents (spec part 2 §2, §3): the files it holds, each opened in a new tab (saved files only, which
 * every file of a session answer is) through open-pdf: fetched with the token, 'Le fichier n'est pas un PDF !' otherwise.
 */
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconExternalLink, IconFileTypePdf } from "@tabler/icons-react";
import { Section } from "../../src/components/DescriptionList";
import { useOpenPdf } from "../../src/components/open-pdf";
import { sessionMonths, TITLED_MEDIA_LISTS, type Session, type TitledMediaList } from "./schema";

export const SESSION_DOCUMENT_TEXTS = {
  title: "Documents",
  none: "Aucun document",
  kairosCertificate: "Attestation d'inscription au programme",
  attendanceSheets: "Feuilles d'émargement mensuelles",
  /** Sheets of months the session's dates no longer cover: kept until someone removes them (design.md "Media"). */
  outsideDates: "Hors des dates de la session",
  open: "Ouvrir",
  openLabel: (name: string) => `Ouvrir le document ${name}`,
} as const;

const months = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });

/** `2026-01` → 'janvier 2026', the label of a monthly attendance sheet. */
export const formatMonth = (month: string): string => months.format(new Date(`${month}-01T00:00:00Z`));

interface DocumentLine {
  id: string;
  /** What the line says: the file's title, or its month. */
  label: string;
  fileName: string;
}

interface DocumentGroup {
  heading: string;
  lines: DocumentLine[];
}

/** The session's files by heading, in the Documents tab's order (sheets outside the dates apart); headings without a file left out. */
function documentGroups({ medias, information }: Pick<Session, "medias" | "information">): DocumentGroup[] {
  const t = SESSION_DOCUMENT_TEXTS;
  const groups: DocumentGroup[] = [];
  const certificate = medias.kairosCertificate;
  if (certificate) groups.push({ heading: t.kairosCertificate, lines: [{ id: certificate.id, label: certificate.name, fileName: certificate.name }] });
  for (const list of Object.keys(TITLED_MEDIA_LISTS) as TitledMediaList[]) {
    const lines = medias[list].map((media) => ({ id: media.id, label: media.title, fileName: media.name }));
    if (lines.length) groups.push({ heading: TITLED_MEDIA_LISTS[list], lines });
  }
  const months = new Set(sessionMonths(information.startDate, information.endDate));
  const sheets = Object.entries(medias.attendanceSheets)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, media]) => ({ id: media.id, label: formatMonth(month), fileName: media.name, within: months.has(month) }));
  const within = sheets.filter((sheet) => sheet.within);
  const outside = sheets.filter((sheet) => !sheet.within);
  if (within.length) groups.push({ heading: t.attendanceSheets, lines: within });
  if (outside.length) groups.push({ heading: t.outsideDates, lines: outside });
  return groups;
}

export function SessionDocumentsSection({ session }: { session: Pick<Session, "id" | "medias" | "information"> }) {
  const t = SESSION_DOCUMENT_TEXTS;
  const pdf = useOpenPdf();
  const sessionId = session.id;
  const groups = documentGroups(session);
  return (
    <Section title={t.title}>
      {pdf.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" withCloseButton onClose={pdf.clearError}>
          {pdf.error}
        </Alert>
      )}
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      ) : (
        groups.map((group) => (
          <Stack key={group.heading} gap={6}>
            <Title order={3} size="h6">
              {group.heading}
            </Title>
            {group.lines.map((line) => (
              <Group key={line.id} justify="space-between" gap="sm" wrap="nowrap" data-testid="document-line">
                <Group gap="xs" wrap="nowrap">
                  <IconFileTypePdf size={18} aria-hidden />
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {line.label}
                    </Text>
                    {line.label !== line.fileName && (
                      <Text size="xs" c="dimmed">
                        {line.fileName}
                      </Text>
                    )}
                  </Stack>
                </Group>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconExternalLink size={14} />}
                  aria-label={t.openLabel(line.label)}
                  loading={pdf.opening === line.id}
                  onClick={() => pdf.open(`/sessions/${sessionId}/medias/${line.id}`, line.id)}
                >
                  {t.open}
                </Button>
              </Group>
            ))}
          </Stack>
        ))
      )}
    </Section>
  );
}
