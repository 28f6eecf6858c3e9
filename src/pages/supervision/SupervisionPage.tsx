/**
 * /supervision (issue 38): what the durable queue holds and the AGORA exchanges an operator must settle, with their actions.
 * Sup-admins and admins only (SCREEN_ROLES.supervision): the screen is not a Refine resource, so it asks canOpen itself and
 * shows the same restricted page as the resources' guard; the API answers 403 to anyone else anyway.
 */
import { Alert, Button, Group, Stack } from "@mantine/core";
import { useCustom, useGetIdentity, type HttpError } from "@refinedev/core";
import { IconAlertCircle, IconRefresh } from "@tabler/icons-react";
import type { Identity } from "../../../providers/auth-provider";
import { canOpen } from "../../../resources/permissions";
import type { SupervisionExchange, SupervisionJob, SupervisionQueue } from "../../../resources/supervision/schema";
import { InlineLoader } from "../../components/InlineLoader";
import { PageTitle } from "../../components/PageTitle";
import { RestrictedPage } from "../ErrorPages";
import { ExchangesSection } from "./ExchangesSection";
import { FailedJobsSection, QueuesSection } from "./JobSections";
import { MAIL_QUEUE, SUPERVISION_TEXTS as T } from "./texts";

/** GET /api/supervision/jobs answers its queues' summary beside the jobs; Refine's custom response types only `data`. */
type JobsAnswer = { data: SupervisionJob[]; metadata: { queues: SupervisionQueue[] } };

// The failed jobs an operator can act on from one screen; the rest stay reachable through the API's paging.
const FAILED_JOBS_SHOWN = 100;

function Supervision() {
  const jobs = useCustom<SupervisionJob[], HttpError>({
    url: "/supervision/jobs",
    method: "get",
    config: { query: { state: "failed", limit: FAILED_JOBS_SHOWN } },
    errorNotification: false,
  });
  const exchanges = useCustom<SupervisionExchange[], HttpError>({ url: "/supervision/exchanges", method: "get", errorNotification: false });
  const refresh = () => {
    void jobs.query.refetch();
    void exchanges.query.refetch();
  };
  const jobsAnswer = jobs.query.data as JobsAnswer | undefined;
  const failed = jobsAnswer?.data ?? [];
  const pending = jobs.query.isPending || exchanges.query.isPending;
  const error = jobs.query.isError || exchanges.query.isError;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <PageTitle>{T.title}</PageTitle>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} />}
          onClick={refresh}
          loading={!pending && (jobs.query.isFetching || exchanges.query.isFetching)}
        >
          {T.refresh}
        </Button>
      </Group>
      {pending ? (
        <InlineLoader label={T.loading} />
      ) : error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={T.loadFailed}>
          <Button variant="light" color="red" mt="xs" onClick={refresh}>
            {T.retryLoad}
          </Button>
        </Alert>
      ) : (
        <>
          <QueuesSection queues={jobsAnswer?.metadata.queues ?? []} />
          <FailedJobsSection title={T.failedJobs} empty={T.noFailedJob} jobs={failed.filter((job) => job.queue !== MAIL_QUEUE)} onDone={refresh} />
          <FailedJobsSection title={T.failedMails} empty={T.noFailedMail} jobs={failed.filter((job) => job.queue === MAIL_QUEUE)} onDone={refresh} />
          <ExchangesSection exchanges={exchanges.query.data?.data ?? []} onDone={refresh} />
        </>
      )}
    </Stack>
  );
}

export default function SupervisionPage() {
  const identity = useGetIdentity<Identity>();
  // The layout has loaded the identity before any page shows: no loading state of its own here.
  return canOpen(identity.data?.role.id, "supervision") ? <Supervision /> : <RestrictedPage />;
}
