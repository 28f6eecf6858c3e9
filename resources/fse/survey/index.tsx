/**
 * /records/{rid}/fse (spec part 2 §2 "Survey screen", §4 "Survey periods", §8): the header naming the trainee, the training,
 * the status, the AGORA number and the last update; one tab per period, each unlocked once the periods before it have a survey
 * ('Sortie de formation' after the entry, '6 mois après la sortie' after both), each holding 'Bilan de la formation'.
 * A 404 on load shows the not-found page, any other failure the generic error page. Offered to the roles that fill the FSE
 * (spec §6), and only for a training that asks for it; a link leads back to the record either way. Each tab's unsaved answers
 * are kept when another tab is shown, until saved or the page is left; leaving with some asks first (« Quitter sans enregistrer ? »).
 */
import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { CanAccess } from "@refinedev/core";
import { IconArrowLeft, IconInfoCircle } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { Link, useParams } from "react-router";
import { PageTitle } from "../../../src/components/PageTitle";
import { UrlTabs } from "../../../src/components/UrlTabs";
import { useLeaveGuard } from "../../../src/components/use-leave-guard";
import { formatDateTime } from "../../../src/lib/format";
import { NotFoundPage, RestrictedPage, UnknownErrorPage } from "../../../src/pages/ErrorPages";
import { PageLoader } from "../../../src/pages/PageLoader";
import { recordStatusLabel, type TrainingRecord } from "../../records/schema";
import { FSE_MSG, FSE_PERIOD_ORDER, fsePeriodsBefore, type FseInformationInput, type FsePeriod, type RecordFse } from "../schema";
import { SurveyForm } from "./SurveyForm";
import { useRecordSurveys } from "./use-surveys";

export const SURVEY_TEXTS = {
  heading: (record: TrainingRecord) => `${FSE_MSG.headerPrefix} ${record.trainee.firstName} ${record.trainee.lastName}`,
  status: (record: TrainingRecord) => `${FSE_MSG.statusPrefix} ${recordStatusLabel(record.status)} ${FSE_MSG.agoraIdPrefix} ${record.agoraId}`,
  lastUpdate: (date: string) => `${FSE_MSG.lastUpdatePrefix} ${formatDateTime(date)}`,
  tabsLabel: "Périodes du questionnaire FSE",
  backToRecord: "Retour au dossier de formation",
} as const;

const TAB_LABELS: Record<FsePeriod, string> = {
  INPUT: FSE_MSG.tabInput,
  OUTPUT: FSE_MSG.tabOutput,
  AFTER_SIX_MONTH: FSE_MSG.tabAfterSixMonth,
};

/** The record's or one of its surveys' update, whichever is latest: saving a survey leaves the record itself unchanged. */
const lastUpdate = (record: TrainingRecord, surveys: readonly RecordFse[]) =>
  surveys.map((survey) => survey.updatedDate).reduce((latest, date) => (date > latest ? date : latest), record.updatedDate);

type Drafts = Partial<Record<FsePeriod, FseInformationInput>>;

/** Each tab's answers not saved yet, and the guard that asks before they are left behind. */
function useSurveyDrafts() {
  const [drafts, setDrafts] = useState<Drafts>({});
  const guard = useLeaveGuard(Object.keys(drafts).length > 0);
  const keepDraft = useCallback((period: FsePeriod, answers: FseInformationInput | null) => {
    setDrafts((current) => {
      if (!answers && !(period in current)) return current;
      const next = { ...current };
      if (answers) next[period] = answers;
      else delete next[period];
      return next;
    });
  }, []);
  // A saved tab leaves the page at once: without asking, unless another tab still holds unsaved answers.
  const saved = (period: FsePeriod) => {
    if ((Object.keys(drafts) as FsePeriod[]).every((other) => other === period)) guard.release();
  };
  return { drafts, keepDraft, saved, dialog: guard.dialog };
}

function SurveyScreen({ recordId }: { recordId: string }) {
  const { record, surveys, loading, failure } = useRecordSurveys(recordId);
  const drafts = useSurveyDrafts();
  if (failure) return failure.statusCode === 404 ? <NotFoundPage /> : <UnknownErrorPage />;
  if (loading) return <PageLoader />;
  if (!record || !surveys) return <UnknownErrorPage />;

  const byPeriod = new Map(surveys.map((survey) => [survey.period, survey]));
  const tabs = FSE_PERIOD_ORDER.map((period) => ({
    value: period,
    label: TAB_LABELS[period],
    disabled: !fsePeriodsBefore(period).every((before) => byPeriod.has(before)),
    content: (
      <SurveyForm
        key={period}
        recordId={recordId}
        period={period}
        survey={byPeriod.get(period)}
        draft={drafts.drafts[period]}
        onDraft={drafts.keepDraft}
        onSaved={drafts.saved}
      />
    ),
  }));

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/records/${recordId}`} size="sm" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
        <IconArrowLeft size={14} /> {SURVEY_TEXTS.backToRecord}
      </Anchor>
      <Stack gap={4}>
        <PageTitle>{SURVEY_TEXTS.heading(record)}</PageTitle>
        <Text fw={600}>{record.session.training.name}</Text>
        <Text c="dimmed" size="sm">
          {SURVEY_TEXTS.status(record)}
        </Text>
        <Text c="dimmed" size="sm" data-testid="last-update">
          {SURVEY_TEXTS.lastUpdate(lastUpdate(record, surveys))}
        </Text>
      </Stack>
      {record.session.training.fse ? (
        // One form per tab, mounted while shown: each period is saved on its own; its unsaved answers wait in `drafts`.
        <UrlTabs label={SURVEY_TEXTS.tabsLabel} tabs={tabs} keepMounted={false} />
      ) : (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {FSE_MSG.trainingWithoutFse}
        </Alert>
      )}
      {drafts.dialog}
    </Stack>
  );
}

export default function RecordFseSurvey() {
  const { id = "" } = useParams();
  return (
    <CanAccess resource="records" action="fillFse" fallback={<RestrictedPage />}>
      <SurveyScreen recordId={id} />
    </CanAccess>
  );
}
