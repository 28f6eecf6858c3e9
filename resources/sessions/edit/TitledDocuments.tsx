/**
 * One of the Documents tab's four titled lists (spec part 2 §2, §5): each PDF with its title (2 to 255 characters, the
 * spec's messages from sessionMediasSchema), added by uploading a file (its title starts as the file's name), removed.
 */
import { Paper, Stack, Text } from "@mantine/core";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { Section } from "../../../src/components/DescriptionList";
import { FormTextInput } from "../../../src/components/form-inputs";
import { TITLED_MEDIA_LISTS, type TitledMediaList } from "../schema";
import type { FormMedia, SessionEditOutput, SessionEditValues } from "./form-values";
import { PdfFileLine, PdfUploadButton } from "./PdfSlot";

export const TITLED_DOCUMENTS_TEXTS = {
  none: "Aucun document",
  add: "Ajouter un document",
  title: (position: number) => `Titre du document ${position}`,
  document: (heading: string, position: number) => `${heading}, document ${position}`,
} as const;

const TITLE_MAX = 255;

/** "compte-rendu_janvier.pdf" → "compte-rendu_janvier": a title to start from, which the user may change. */
const titleFromFileName = (name: string) => name.replace(/\.pdf$/i, "").trim().slice(0, TITLE_MAX);

export interface TitledDocumentsProps {
  form: UseFormReturn<SessionEditValues, unknown, SessionEditOutput>;
  list: TitledMediaList;
  sessionId: string;
}

export function TitledDocuments({ form, list, sessionId }: TitledDocumentsProps) {
  const t = TITLED_DOCUMENTS_TEXTS;
  const heading = TITLED_MEDIA_LISTS[list];
  // keyName: the files' own `id` is the media's, which the PATCH sends; the field array's key must not take its place.
  const { fields, append, remove } = useFieldArray({ control: form.control, name: `medias.${list}`, keyName: "key" });
  const add = (media: FormMedia) => append({ ...media, title: titleFromFileName(media.name) });
  return (
    <Section title={heading}>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      )}
      {fields.map((field, index) => (
        <Paper key={field.key} withBorder radius="sm" p="sm" data-testid="titled-document">
          <Stack gap="xs">
            <FormTextInput control={form.control} name={`medias.${list}.${index}.title`} label={t.title(index + 1)} withAsterisk />
            <PdfFileLine sessionId={sessionId} media={field} target={t.document(heading, index + 1)} onRemove={() => remove(index)} />
          </Stack>
        </Paper>
      ))}
      <PdfUploadButton label={t.add} target={heading} onUploaded={add} />
    </Section>
  );
}
