/**
 * The session detail's documents (spec part 2 §2, §3): the files it holds, each opened in a new tab (saved files only, which
 * every file of a session answer is) through open-pdf: fetched with the token, 'Le fichier n'est pas un PDF !' otherwise.
 */
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconExternalLink, IconFileTypePdf } from "@tabler/icons-react";
import { Section } from "../../src/components/DescriptionList";
import { useOpenPdf } from "../../src/components/open-pdf";
import { TITLED_MEDIA_LISTS, type Session, type TitledMediaList } from "./schema";

export const SESSION_DOCUMENT_TEXTS = {
  title: "Documents",
  none: "Aucun document",
  kairosCertificate: "Attestation d'inscription au programme",
  attendanceSheets: "Feuilles d'émargement mensuelles",
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

/** The session's files by heading, in the Documents tab's order; headings without a file left out. */
function documentGroups(medias: Session["medias"]): DocumentGroup[] {
  const t = SESSION_DOCUMENT_TEXTS;
  const groups: DocumentGroup[] = [];
  const certificate = medias.kairosCertificate;
  if (certificate) groups.push({ heading: t.kairosCertificate, lines: [{ id: certificate.id, label: certificate.name, fileName: certificate.name }] });
  for (const list of Object.keys(TITLED_MEDIA_LISTS) as TitledMediaList[]) {
    const lines = medias[list].map((media) => ({ id: media.id, label: media.title, fileName: media.name }));
    if (lines.length) groups.push({ heading: TITLED_MEDIA_LISTS[list], lines });
  }
  const sheets = Object.entries(medias.attendanceSheets)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, media]) => ({ id: media.id, label: formatMonth(month), fileName: media.name }));
  if (sheets.length) groups.push({ heading: t.attendanceSheets, lines: sheets });
  return groups;
}

export function SessionDocumentsSection({ sessionId, medias }: { sessionId: string; medias: Session["medias"] }) {
  const t = SESSION_DOCUMENT_TEXTS;
  const pdf = useOpenPdf();
  const groups = documentGroups(medias);
  return (
    <Section title={t.title}>
      {pdf.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" withCloseButton closeButtonLabel="Fermer" onClose={pdf.clearError}>
          {pdf.error}
        </Alert>
      )}
      {groups.length === 0 ? (
        <Text size="sm" color="dimmed">
          {t.none}
        </Text>
      ) : (
        groups.map((group) => (
          <Stack key={group.heading} spacing={6}>
            <Title order={3} size="h6">
              {group.heading}
            </Title>
            {group.lines.map((line) => (
              <Group key={line.id} position="apart" spacing="sm" noWrap data-testid="document-line">
                <Group spacing="xs" noWrap>
                  <IconFileTypePdf size={18} aria-hidden />
                  <Stack spacing={0}>
                    <Text size="sm" weight={500}>
                      {line.label}
                    </Text>
                    {line.label !== line.fileName && (
                      <Text size="xs" color="dimmed">
                        {line.fileName}
                      </Text>
                    )}
                  </Stack>
                </Group>
                <Button
                  size="xs"
                  variant="light"
                  leftIcon={<IconExternalLink size={14} />}
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
