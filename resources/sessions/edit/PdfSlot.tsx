/**
 * The Documents tab's file slots (spec part 2 §2): a PDF is uploaded (progress shown; refusals in French), removed, and
 * previewed in a new tab once saved with the session (a temporary upload cannot be, spec §7).
 *
 *   <PdfSlot label="janvier 2026" sessionId={id} value={media} onChange={setMedia} actions={<Button>…</Button>} />
 *   <PdfUploadButton label="Ajouter un document" target="Comptes rendus de positionnement" onUploaded={(media) => append(…)} />
 *   <PdfFileLine sessionId={id} media={media} target="Compte rendu n°1" onRemove={() => remove(0)} />
 */
import { Alert, Badge, Box, Button, FileButton, Group, Progress, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconExternalLink, IconFileTypePdf, IconTrash, IconUpload } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useOpenPdf } from "../../../src/components/open-pdf";
import type { TemporaryMedia } from "../../medias/schema";
import type { FormMedia } from "./form-values";
import { usePdfUpload } from "./upload-pdf";

export const PDF_SLOT_TEXTS = {
  upload: "Déposer un PDF",
  uploading: (target: string) => `Chargement du fichier : ${target}`,
  preview: "Aperçu",
  previewLabel: (target: string) => `Aperçu du document : ${target}`,
  remove: "Retirer",
  removeLabel: (target: string) => `Retirer le document : ${target}`,
  unsaved: "Nouveau : aperçu après la sauvegarde",
  close: "Fermer",
} as const;

/** Accepted by the file picker; the server judges the content itself (`%PDF-` signature). */
const PDF_ACCEPT = "application/pdf,.pdf";

export interface PdfUploadButtonProps {
  /** What the slot is, for screen readers ("Attestation d'inscription au programme", "janvier 2026"). */
  target: string;
  label?: string;
  disabled?: boolean;
  onUploaded: (media: FormMedia) => void;
}

const asFormMedia = (media: TemporaryMedia): FormMedia => ({ id: media.id, name: media.name, temporary: true });

export function PdfUploadButton({ target, label = PDF_SLOT_TEXTS.upload, disabled, onUploaded }: PdfUploadButtonProps) {
  const upload = usePdfUpload();
  const uploading = upload.progress !== null;
  const pick = async (file: File | null) => {
    if (!file) return;
    const media = await upload.send(file);
    if (media) onUploaded(asFormMedia(media));
  };
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <FileButton onChange={(file) => void pick(file)} accept={PDF_ACCEPT} disabled={disabled || uploading}>
          {(props) => (
            <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />} loading={uploading} disabled={disabled} aria-label={`${label} : ${target}`}>
              {label}
            </Button>
          )}
        </FileButton>
        {uploading && <Progress value={upload.progress ?? 0} size="sm" style={{ flex: 1, minWidth: 120 }} aria-label={PDF_SLOT_TEXTS.uploading(target)} />}
      </Group>
      {upload.error && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title={upload.error.message}
          withCloseButton
          closeButtonLabel={PDF_SLOT_TEXTS.close}
          onClose={upload.clearError}
        >
          {upload.error.detail}
        </Alert>
      )}
    </Stack>
  );
}

export interface PdfFileLineProps {
  sessionId: string;
  media: FormMedia;
  target: string;
  disabled?: boolean;
  onRemove: () => void;
}

/** A file held by a slot: its name, its preview (saved files only) and its removal. */
export function PdfFileLine({ sessionId, media, target, disabled, onRemove }: PdfFileLineProps) {
  const pdf = useOpenPdf();
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFileTypePdf size={18} aria-hidden />
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {media.name}
          </Text>
          {media.temporary && (
            <Badge color="gray" variant="outline" size="sm">
              {PDF_SLOT_TEXTS.unsaved}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {!media.temporary && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconExternalLink size={14} />}
              aria-label={PDF_SLOT_TEXTS.previewLabel(target)}
              loading={pdf.opening !== null}
              onClick={() => pdf.open(`/sessions/${sessionId}/medias/${media.id}`)}
            >
              {PDF_SLOT_TEXTS.preview}
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} aria-label={PDF_SLOT_TEXTS.removeLabel(target)} disabled={disabled} onClick={onRemove}>
            {PDF_SLOT_TEXTS.remove}
          </Button>
        </Group>
      </Group>
      {pdf.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" withCloseButton closeButtonLabel={PDF_SLOT_TEXTS.close} onClose={pdf.clearError}>
          {pdf.error}
        </Alert>
      )}
    </Stack>
  );
}

export interface PdfSlotProps {
  sessionId: string;
  /** The slot's name, shown and read ("janvier 2026"). */
  label: string;
  value: FormMedia | null;
  onChange: (media: FormMedia | null) => void;
  /** More actions of the slot (the monthly sheet's blank form to print). */
  actions?: ReactNode;
  /** The label is already the heading around the slot. */
  hideLabel?: boolean;
}

/** A slot holding one file: upload when empty, else the file with its preview and removal. */
export function PdfSlot({ sessionId, label, value, onChange, actions, hideLabel }: PdfSlotProps) {
  return (
    // A hidden label is the heading of the section around: no second region of the same name.
    <Box component={hideLabel ? "div" : "section"} aria-label={hideLabel ? undefined : label} data-testid="pdf-slot">
      <Stack gap={6}>
        {(!hideLabel || actions) && (
          <Group justify="space-between" gap="sm">
            {!hideLabel && (
              <Text size="sm" fw={600}>
                {label}
              </Text>
            )}
            {actions}
          </Group>
        )}
        {value ? <PdfFileLine sessionId={sessionId} media={value} target={label} onRemove={() => onChange(null)} /> : <PdfUploadButton target={label} onUploaded={onChange} />}
      </Stack>
    </Box>
  );
}
