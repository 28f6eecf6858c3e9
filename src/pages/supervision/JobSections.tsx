/** The queues' summary and the failed jobs (mails apart, labelled as mails) with « Relancer », on the /supervision screen. */
import { Anchor, Button, Table, Text } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import { Link } from "react-router";
import type { SupervisionJob, SupervisionQueue } from "../../../resources/supervision/schema";
import { Section } from "../../components/DescriptionList";
import { HorizontalScroll } from "../../components/HorizontalScroll";
import { SCREEN_READER_ONLY } from "../../components/screen-reader-only";
import { NC } from "../../lib/format";
import { formatMinute, MAIL_QUEUE, queueLabel, SUPERVISION_TEXTS as T } from "./texts";
import { useSupervisionAction } from "./use-supervision-action";

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

export function QueuesSection({ queues }: { queues: SupervisionQueue[] }) {
  return (
    <Section title={T.queues}>
      {queues.length === 0 ? (
        <Empty text={T.noQueue} />
      ) : (
        <HorizontalScroll label={`${T.queues}, défilable`}>
          <Table fz="sm" verticalSpacing="xs" striped aria-label={T.queues} miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.queue}</Table.Th>
                <Table.Th ta="right">{T.pending}</Table.Th>
                <Table.Th ta="right">{T.active}</Table.Th>
                <Table.Th ta="right">{T.failed}</Table.Th>
                <Table.Th>{T.nextRun}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queues.map((queue) => (
                <Table.Tr key={queue.queue} data-queue={queue.queue}>
                  <Table.Th scope="row" fw={600}>
                    {queueLabel(queue.queue)}
                  </Table.Th>
                  <Table.Td ta="right">{queue.pending}</Table.Td>
                  <Table.Td ta="right">{queue.active}</Table.Td>
                  <Table.Td ta="right" c={queue.failed > 0 ? "red.8" : undefined} fw={queue.failed > 0 ? 700 : undefined}>
                    {queue.failed}
                  </Table.Td>
                  <Table.Td>{formatMinute(queue.nextRunAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </HorizontalScroll>
      )}
    </Section>
  );
}

/** A bilan mail's subject is `session:<id>`: a link to the session it reports on. */
function Subject({ subject }: { subject: string | null }) {
  if (!subject?.startsWith("session:")) return <>{subject ?? NC}</>;
  return (
    <Anchor component={Link} to={`/sessions/${subject.slice("session:".length)}`} size="sm">
      {T.openSession}
    </Anchor>
  );
}

export function FailedJobsSection({ title, empty, jobs, onDone }: { title: string; empty: string; jobs: SupervisionJob[]; onDone: () => void }) {
  const action = useSupervisionAction(onDone);
  return (
    <Section title={title}>
      {jobs.length === 0 ? (
        <Empty text={empty} />
      ) : (
        <HorizontalScroll label={`${title}, défilable`}>
          <Table fz="sm" verticalSpacing="xs" striped aria-label={title} miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.queue}</Table.Th>
                <Table.Th>{T.reason}</Table.Th>
                <Table.Th ta="right">{T.attempts}</Table.Th>
                <Table.Th>{T.finishedAt}</Table.Th>
                <Table.Th>{T.subject}</Table.Th>
                <Table.Th>
                  <span style={SCREEN_READER_ONLY}>{T.actions}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((job) => {
                const url = `/supervision/jobs/${job.id}/retry`;
                const when = formatMinute(job.finishedAt);
                return (
                  <Table.Tr key={job.id} data-job-id={job.id}>
                    <Table.Td>{queueLabel(job.queue)}</Table.Td>
                    <Table.Td maw={380}>{job.lastError ?? NC}</Table.Td>
                    <Table.Td ta="right">{job.attempts}</Table.Td>
                    <Table.Td>{when}</Table.Td>
                    <Table.Td>
                      <Subject subject={job.subject} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlayerPlay size={14} />}
                        aria-label={T.retryJob(queueLabel(job.queue), when)}
                        loading={action.pending && action.target === url}
                        disabled={action.pending && action.target !== url}
                        onClick={() => action.run(url, job.queue === MAIL_QUEUE ? T.retriedMail : T.retried)}
                      >
                        {T.retry}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </HorizontalScroll>
      )}
    </Section>
  );
}
