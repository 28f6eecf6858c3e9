import { Text } from "@mantine/core";

/**
 * The training number over its action number, in the trainings' and sessions' lists: one training number may carry
 * several actions (F2025002 A01 / A02), the action number tells the rows apart.
 */
export function TrainingNumberCell({ information }: { information: { number: string; actionNumber: string } }) {
  return (
    <>
      <Text fw={600}>{information.number}</Text>
      <Text size="xs" c="dimmed" fw={500}>
        {information.actionNumber}
      </Text>
    </>
  );
}
