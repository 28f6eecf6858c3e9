/**
 * Bench sessions: one per ten trainees, each of a random bench training, with the demo's price and unit shapes. No scope columns:
 * the bulk insert goes through the triggers (bulk-insert.ts), and sessions_fill_scope copies them from the training like any insert.
 */
import { enumValues } from "../../resources/common/enum";
import { EDUCATIONAL_COSTS, PURCHASING_UNITS } from "../../resources/sessions/schema";
import { DAY, timestamps, type Row } from "./generate";
import { uuidV7At } from "./identifiers";
import { intBetween, pick, type Random } from "./random";

const UNITS = enumValues(PURCHASING_UNITS);
const COSTS = enumValues(EDUCATIONAL_COSTS);

export const sessionCount = (trainees: number) => Math.floor(trainees / 10);

export function sessionRow(random: Random, now: number, trainingIds: readonly string[]): Row {
  const t = timestamps(random, now);
  const start = t.created + intBetween(random, 0, 120) * DAY;
  const taxFree = intBetween(random, 300, 9_000);
  return {
    id: uuidV7At(t.created, random),
    training_id: pick(random, trainingIds),
    start_date: new Date(start).toISOString().slice(0, 10),
    end_date: new Date(start + intBetween(random, 20, 300) * DAY).toISOString().slice(0, 10),
    capacity: random() < 0.9 ? intBetween(random, 6, 24) : null,
    total_price_per_person_including_taxes: random() < 0.5 ? Math.round(taxFree * 120) / 100 : taxFree,
    total_price_per_person_tax_free: taxFree,
    purchasing_unit: pick(random, UNITS),
    actual_or_calculated_educational_cost: pick(random, COSTS),
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}
