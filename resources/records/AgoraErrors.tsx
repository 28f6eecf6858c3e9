/**
 * 'Erreurs Agora' (spec part 2 §8): the external system's refusal of a status change, a re-push or a creation, one line per message,
 * each with the hint of its code's source ('Allez sur la page d'édition de la session pour corriger.') linking to that page, or,
 * when no page fixes it, what the user can do (agora-errors.ts). The product's own data-quality gate refuses before anything is
 * sent: its refusal shows under 'Contrôles avant envoi à AGORA' instead. Any other failure shows the screen's own message; a 409
 * (the record changed meanwhile) the API's French reason.
 *
 *   <AgoraErrors error={mutationError} links={agoraLinksOf(record)} fallback={RECORD_MSG.statusError} />
 */
import { Alert, Anchor, List, Stack, Text } from "@mantine/core";
import type { HttpError } from "@refinedev/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { Link } from "react-router";
import { agoraErrorDetails, agoraHint, agoraMessageLines, type AgoraErrorDetails, type AgoraLinkIds } from "./agora-errors";
import type { RecordListItem } from "./api-answers";
import { RECORD_MSG } from "./messages";
import { RECORD_QUALITY_TEXTS } from "./quality-texts";

/** `details.agora` of a failed call, when the answer carries a well-formed one (the data provider keeps the body's `details`). */
export function agoraDetailsOf(error: HttpError | null | undefined): AgoraErrorDetails | undefined {
  const details: unknown = error?.details;
  if (details === null || typeof details !== "object" || !("agora" in details)) return undefined;
  const parsed = agoraErrorDetails.safeParse(details.agora);
  return parsed.success ? parsed.data : undefined;
}

/** The ids the hints link with, from a record of the list or its detail. */
export const agoraLinksOf = (record: Pick<RecordListItem, "id" | "agoraId" | "trainee" | "session">): AgoraLinkIds => ({
  recordId: record.id,
  agoraId: record.agoraId,
  traineeId: record.trainee.id,
  sessionId: record.session.id,
  trainingId: record.session.training.id,
});

/** The lines of a refusal, as the history also shows them; a hint without a page that fixes it is plain text. */
export function AgoraErrorLines({ details, links }: { details: AgoraErrorDetails; links: AgoraLinkIds }) {
  const { text: hint, path } = agoraHint(details.code, links);
  return (
    <List size="sm" spacing={6} data-testid="agora-errors">
      {agoraMessageLines(details).map((message, index) => (
        <List.Item key={`${index}-${message}`}>
          <Stack gap={0}>
            <Text size="sm">{message}</Text>
            {path ? (
              <Anchor component={Link} to={path} size="xs">
                {hint}
              </Anchor>
            ) : (
              <Text size="xs">{hint}</Text>
            )}
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}

export interface AgoraErrorsProps {
  error: HttpError | null | undefined;
  links: AgoraLinkIds;
  /** Without AGORA's details: 'Une erreur est survenue lors de la mise à jour du statut' by default. */
  fallback?: string;
}

export function AgoraErrors({ error, links, fallback = RECORD_MSG.statusError }: AgoraErrorsProps) {
  if (!error) return null;
  const details = agoraDetailsOf(error);
  if (details) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={details.type === "quality" ? RECORD_QUALITY_TEXTS.title : RECORD_MSG.agoraErrorsTitle}
        role="alert"
      >
        <AgoraErrorLines details={details} links={links} />
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={fallback} role="alert">
      {/* The API's own French reason when it gives one we can show: the record changed meanwhile (409), a forbidden action (403). */}
      {error.statusCode === 409 || error.statusCode === 403 ? error.message : null}
    </Alert>
  );
}
