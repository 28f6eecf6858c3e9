import { Badge } from "@mantine/core";
import { recordStatusLabel, type RecordStatus } from "./enums";

/** Colours by stage: in preparation grey, validated navy, in training amber, left training peach, done mint, not done / rejected red. */
const STATUS_COLORS: Readonly<Record<RecordStatus, string>> = {
  SETUP: "gray",
  VALIDATED: "navy",
  START_OF_TRAINING: "amber",
  END_OF_TRAINING: "peach",
  TERMINATED_FULLY_DONE: "mint",
  TERMINATED_PARTIALLY_DONE: "mint",
  TERMINATED_NOT_DONE: "red",
  REJECTED: "red",
};

/** A record's status as a coloured badge with its French label. */
export function RecordStatusBadge({ status }: { status: RecordStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" styles={{ root: { textTransform: "none" } }} data-status={status}>
      {recordStatusLabel(status)}
    </Badge>
  );
}
