import { describe, expect, it } from "vitest";
import { RECORD_STATUSES, type RecordStatus } from "../../resources/common/record-statuses";
import {
  CLOSED_RECORD_MONTHS,
  RECORD_ACTION_LABELS,
  allowedTargets,
  canRepush,
  canTransition,
  closedTooLongAgo,
  hasTransitions,
  isClosedStatus,
  needsRejectionReason,
} from "../../resources/records/status-transitions";

const STATUSES = Object.keys(RECORD_STATUSES) as RecordStatus[];

// design.md "Record lifecycle", written out independently of the module under test.
const ALLOWED = new Set([
  "SETUP>VALIDATED",
  "SETUP>REJECTED",
  "SETUP>TERMINATED_NOT_DONE",
  "VALIDATED>START_OF_TRAINING",
  "VALIDATED>REJECTED",
  "START_OF_TRAINING>END_OF_TRAINING",
  "START_OF_TRAINING>TERMINATED_NOT_DONE",
  "END_OF_TRAINING>TERMINATED_FULLY_DONE",
  "END_OF_TRAINING>TERMINATED_PARTIALLY_DONE",
  "END_OF_TRAINING>TERMINATED_NOT_DONE",
]);
const PAIRS = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));

describe("record lifecycle", () => {
  it.each(PAIRS.filter(([from, to]) => ALLOWED.has(`${from}>${to}`)))("allows %s → %s", (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(allowedTargets(from)).toContain(to);
  });

  it.each(PAIRS.filter(([from, to]) => !ALLOWED.has(`${from}>${to}`)))("forbids %s → %s", (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(allowedTargets(from)).not.toContain(to);
  });

  it("has no transition out of a closed status, so the status menu is hidden there", () => {
    for (const status of STATUSES) expect(hasTransitions(status)).toBe(!isClosedStatus(status));
    expect(STATUSES.filter(isClosedStatus)).toEqual([
      "TERMINATED_FULLY_DONE",
      "TERMINATED_PARTIALLY_DONE",
      "TERMINATED_NOT_DONE",
      "REJECTED",
    ]);
  });

  it("labels each target with its action", () => {
    expect(RECORD_ACTION_LABELS).toEqual({
      VALIDATED: "Valider",
      START_OF_TRAINING: "Entrer en formation",
      END_OF_TRAINING: "Sortir de formation",
      TERMINATED_FULLY_DONE: "Clôturer avec réalisation totale",
      TERMINATED_PARTIALLY_DONE: "Clôturer avec réalisation partielle",
      TERMINATED_NOT_DONE: "Clôturer sans réalisation",
      REJECTED: "Rejeter",
    });
  });

  it("asks a rejection reason for REJECTED only", () => {
    expect(STATUSES.filter(needsRejectionReason)).toEqual(["REJECTED"]);
  });

  it("offers the re-push for every status but SETUP", () => {
    expect(STATUSES.filter((s) => !canRepush(s))).toEqual(["SETUP"]);
  });
});

describe("closed records", () => {
  const closedAt = new Date("2025-03-15T10:00:00Z");

  it("defaults to 12 months", () => {
    expect(CLOSED_RECORD_MONTHS).toBe(12);
  });

  it("stays operable up to the same moment N months later, not after", () => {
    expect(closedTooLongAgo(closedAt, new Date("2026-03-15T10:00:00Z"))).toBe(false);
    expect(closedTooLongAgo(closedAt, new Date("2026-03-15T10:00:01Z"))).toBe(true);
    expect(closedTooLongAgo(closedAt, new Date("2025-09-16T00:00:00Z"), 6)).toBe(true);
    expect(closedTooLongAgo(closedAt, new Date("2025-09-14T00:00:00Z"), 6)).toBe(false);
  });
});
