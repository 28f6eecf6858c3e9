/**
 * The record page's 'Contrôles avant envoi à AGORA' (issue 15): every check the record's next push would fail
 * (GET /api/records/{rid}/quality, the same checks as the server's gate), blocking ones first, each with its level, its French
 * message and the hint of its source linking to the page where it is fixed (as 'Erreurs Agora' does); an empty state when all pass.
 */
import { Alert, Anchor, Badge, Group, List, Stack, Text } from "@mantine/core";
import { useCustom, type HttpError } from "@refinedev/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { Section } from "../../src/components/DescriptionList";
import { COLORS } from "../../src/theme";
import type { QualityCheck } from "../quality/check";
import { AGORA_SOURCE_HINTS, agoraSourcePath } from "./agora-errors";
import { agoraLinksOf } from "./AgoraErrors";
import type { TrainingRecord } from "./api-answers";
import { RecordDetail } from "./RecordDetail";
import { RECORD_QUALITY_TEXTS } from "./quality-texts";
import { InlineLoader } from "../../src/components/InlineLoader";

const LEVEL_ORDER = { blocking: 0, warning: 1 } as const;

function CheckLine({ check, record }: { check: QualityCheck; record: TrainingRecord }) {
  const t = RECORD_QUALITY_TEXTS;
  const path = agoraSourcePath(check.source, agoraLinksOf(record));
  const hint = AGORA_SOURCE_HINTS[check.source];
  return (
    <List.Item data-level={check.level}>
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge color={check.level === "blocking" ? COLORS.danger : COLORS.warning} variant="light" style={{ flexShrink: 0 }}>
            {check.level === "blocking" ? t.blocking : t.warning}
          </Badge>
          <Text size="sm">{check.message}</Text>
        </Group>
        {path ? (
          <Anchor component={Link} to={path} size="xs">
            {hint}
          </Anchor>
        ) : (
          <Text size="xs">{hint}</Text>
        )}
      </Stack>
    </List.Item>
  );
}

export function RecordQuality({ record }: { record: TrainingRecord }) {
  const t = RECORD_QUALITY_TEXTS;
  const { query } = useCustom<QualityCheck[], HttpError>({
    url: `/records/${record.id}/quality`,
    method: "get",
    errorNotification: false,
  });
  // The answer itself: refine's `result.data` is an empty object until it arrives or when the call failed.
  const checks = [...(query.data?.data ?? [])].sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
  let body;
  if (query.isPending) body = <InlineLoader label={t.title} />;
  else if (query.error)
    body = (
      <Alert color="red" role="alert">
        {t.loadError}
      </Alert>
    );
  else if (checks.length === 0)
    body = (
      <Group gap="xs">
        <IconCircleCheck size={18} aria-hidden />
        <Text size="sm">{t.allPassed}</Text>
      </Group>
    );
  else
    body = (
      <>
        <List size="sm" spacing={8} listStyleType="none" data-testid="record-quality-checks">
          {checks.map((check) => (
            <CheckLine key={`${check.code}-${check.field}`} check={check} record={record} />
          ))}
        </List>
        {checks.some((check) => check.level === "blocking") && (
          <Text size="xs" c="dimmed">
            {t.blockingNote}
          </Text>
        )}
      </>
    );
  return <Section title={t.title}>{body}</Section>;
}

/**
 * The record's checks before a push, then its detail: the detail page and the list's detail modal both show them, so a blocking
 * reason that points to 'Contrôles avant envoi à AGORA' points to something on screen.
 */
export function RecordDetailWithChecks({ record }: { record: TrainingRecord }) {
  return (
    <Stack gap="md">
      <RecordQuality record={record} />
      <RecordDetail record={record} />
    </Stack>
  );
}
