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

/** Over two lines when its column is narrow (the list at 1280 px), never cut. */
const WRAPPING = {
  root: { textTransform: "none", height: "auto", minHeight: 20, paddingTop: 2, paddingBottom: 2, lineHeight: 1.35 },
  label: { whiteSpace: "normal", overflow: "visible" },
} as const;

/** A record's status as a coloured badge with its French label. */
export function RecordStatusBadge({ status, wrap = false }: { status: RecordStatus; wrap?: boolean }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" styles={wrap ? WRAPPING : { root: { textTransform: "none" } }} data-status={status}>
      {recordStatusLabel(status)}
    </Badge>
  );
}
