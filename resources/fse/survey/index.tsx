/**
 * /records/{rid}/fse (spec part 2 §2 "Survey screen", §4 "Survey periods", §8): the header naming the trainee, the training,
 * the status, the AGORA number and the last update; one tab per period, each unlocked once the periods before it have a survey
 * ('Sortie de formation' after the entry, '6 mois après la sortie' after both), each holding 'Bilan de la formation'.
 * A 404 on load shows the not-found page, any other failure the generic error page. Offered to the roles that fill the FSE
 * (spec §6), and only for a training that asks for it; a link leads back to the record either way.
 */
import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { CanAccess } from "@refinedev/core";
import { IconArrowLeft, IconInfoCircle } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { PageTitle } from "../../../src/components/PageTitle";
import { UrlTabs } from "../../../src/components/UrlTabs";
import { formatDateTime } from "../../../src/lib/format";
import { NotFoundPage, RestrictedPage, UnknownErrorPage } from "../../../src/pages/ErrorPages";
import { PageLoader } from "../../../src/pages/PageLoader";
import { recordStatusLabel, type TrainingRecord } from "../../records/schema";
import { FSE_MSG, FSE_PERIOD_ORDER, fsePeriodsBefore, type FsePeriod, type RecordFse } from "../schema";
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

function SurveyScreen({ recordId }: { recordId: string }) {
  const { record, surveys, loading, failure } = useRecordSurveys(recordId);
  if (failure) return failure.statusCode === 404 ? <NotFoundPage /> : <UnknownErrorPage />;
  if (loading) return <PageLoader />;
  if (!record || !surveys) return <UnknownErrorPage />;

  const byPeriod = new Map(surveys.map((survey) => [survey.period, survey]));
  const tabs = FSE_PERIOD_ORDER.map((period) => ({
    value: period,
    label: TAB_LABELS[period],
    disabled: !fsePeriodsBefore(period).every((before) => byPeriod.has(before)),
    content: <SurveyForm key={period} recordId={recordId} period={period} survey={byPeriod.get(period)} />,
  }));

  return (
    <Stack spacing="lg">
      <Anchor component={Link} to={`/records/${recordId}`} size="sm" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
        <IconArrowLeft size={14} /> {SURVEY_TEXTS.backToRecord}
      </Anchor>
      <Stack spacing={4}>
        <PageTitle>{SURVEY_TEXTS.heading(record)}</PageTitle>
        <Text weight={600}>{record.session.training.name}</Text>
        <Text color="dimmed" size="sm">
          {SURVEY_TEXTS.status(record)}
        </Text>
        <Text color="dimmed" size="sm" data-testid="last-update">
          {SURVEY_TEXTS.lastUpdate(lastUpdate(record, surveys))}
        </Text>
      </Stack>
      {record.session.training.fse ? (
        // One form per tab, mounted while shown: each period is saved on its own.
        <UrlTabs label={SURVEY_TEXTS.tabsLabel} tabs={tabs} keepMounted={false} />
      ) : (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {FSE_MSG.trainingWithoutFse}
        </Alert>
      )}
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
