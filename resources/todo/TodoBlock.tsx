/**
 * « À traiter » on top of the records list (issue 25): a card per group of counters of the caller's scope (GET /api/todo), each
 * counter a link to the list of the rows it counts. « en retard » and « bientôt » are told apart by their words and an icon,
 * not by colour alone; « Rien à traiter aujourd'hui » when every counter is 0.
 */
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useCustom, type HttpError } from "@refinedev/core";
import { IconAlertTriangle, IconCircleCheck, IconClock } from "@tabler/icons-react";
import { Link } from "react-router";
import { formatTodoCount, nothingToDo, TODO_TEXTS, todoGroups, type TodoCounts, type TodoLink } from "./schema";
import { InlineLoader } from "../../src/components/InlineLoader";

const LOAD_ERROR = "Les compteurs « À traiter » n'ont pas pu être chargés.";

function CounterLink({ group, link }: { group: string; link: TodoLink }) {
  const icon =
    link.label === TODO_TEXTS.late || link.label === TODO_TEXTS.failed ? (
      <IconAlertTriangle size={16} aria-hidden />
    ) : link.label === TODO_TEXTS.soon || link.label === TODO_TEXTS.pending ? (
      <IconClock size={16} aria-hidden />
    ) : null;
  return (
    <Anchor component={Link} to={link.href} aria-label={`${group} : ${formatTodoCount(link.count)} ${link.label}`} fw={link.count > 0 ? 700 : 400}>
      <Group gap={4} wrap="nowrap">
        {icon}
        <span>{`${formatTodoCount(link.count)} ${link.label}`}</span>
      </Group>
    </Anchor>
  );
}

export function TodoBlock() {
  const { query } = useCustom<TodoCounts, HttpError>({ url: "/todo", method: "get", errorNotification: false });
  const counts = query.data?.data;
  let body;
  if (query.isPending) body = <InlineLoader label={TODO_TEXTS.title} />;
  else if (query.error || !counts)
    body = (
      <Alert color="red" role="alert">
        {LOAD_ERROR}
      </Alert>
    );
  else if (nothingToDo(counts))
    body = (
      <Group gap="xs">
        <IconCircleCheck size={18} aria-hidden />
        <Text size="sm">{TODO_TEXTS.empty}</Text>
      </Group>
    );
  else
    body = (
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {todoGroups(counts).map((group) => (
          <Paper key={group.title} withBorder radius="sm" p="xs">
            <Stack gap={4}>
              <Text size="sm" fw={600} component="h3" m={0}>
                {group.title}
              </Text>
              <Group gap="md">
                {group.links.map((link) => (
                  <CounterLink key={link.href} group={group.title} link={link} />
                ))}
              </Group>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    );
  return (
    <section aria-labelledby="todo-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="todo-title">
          {TODO_TEXTS.title}
        </Title>
        {body}
      </Stack>
    </section>
  );
}
