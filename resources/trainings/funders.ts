/** A training's funders (spec part 2 §5): their schema, which amounts apply to the training's case, and a new funder's values. */
import { z } from "zod";
import { enumValues } from "../common/enum";
import { FUNDING_SOURCES, FUNDING_TYPES } from "./enums";
import { amount, blankToNull, requiredEnum } from "./field-schemas";
import { TRAINING_MSG } from "./messages";

export const funderSchema = z.object({
  id: z.string().max(64).optional(),
  siret: z.preprocess(
    (v) => blankToNull(typeof v === "string" ? v.replace(/\s/g, "") : v),
    z.string().regex(/^\d{14}$/, TRAINING_MSG.siret).nullable(),
  ),
  vat: z.boolean().default(false),
  fundingType: requiredEnum(enumValues(FUNDING_TYPES)),
  fundingSource: requiredEnum(enumValues(FUNDING_SOURCES)),
  estimatedAmountCoveredTaxFree: amount("estimatedAmountCoveredTaxFree"),
  estimatedAmountCoveredIncludingTaxes: amount("estimatedAmountCoveredIncludingTaxes"),
  actualAmountCoveredTaxFree: amount("actualAmountCoveredTaxFree"),
  actualAmountCoveredIncludingTaxes: amount("actualAmountCoveredIncludingTaxes"),
  estimatedAmountOfSubsidy: amount("estimatedAmountOfSubsidy"),
  actualAmountOfSubsidy: amount("actualAmountOfSubsidy"),
});
export type FunderForm = z.input<typeof funderSchema>;
export type Funder = z.output<typeof funderSchema>;

export const fundersSchema = z.array(funderSchema).max(20, TRAINING_MSG.tooManyFunders);

const TAX_AMOUNTS = [
  "estimatedAmountCoveredTaxFree",
  "estimatedAmountCoveredIncludingTaxes",
  "actualAmountCoveredTaxFree",
  "actualAmountCoveredIncludingTaxes",
] as const;
const SUBSIDY_AMOUNTS = ["estimatedAmountOfSubsidy", "actualAmountOfSubsidy"] as const;

/** Which funder amounts apply: subsidies for a healthcare-social training, tax-free/including-tax amounts otherwise. */
export const funderAmountFields = (healthcareSocial: boolean) => (healthcareSocial ? SUBSIDY_AMOUNTS : TAX_AMOUNTS);

/** Clears the amounts that do not apply to the training's case, so that a device change leaves no stale amounts. */
export function keepApplicableAmounts<F extends Funder>(funder: F, healthcareSocial: boolean): F {
  const cleared = healthcareSocial ? TAX_AMOUNTS : SUBSIDY_AMOUNTS;
  return { ...funder, ...Object.fromEntries(cleared.map((k) => [k, null])) };
}

/** The first funder of a new training (spec §5): region funding type, regional own funds, VAT on. */
export const defaultFunder = (): FunderForm => ({
  siret: null,
  vat: true,
  fundingType: "REGION",
  fundingSource: "REGIONAL_OWN_FUNDS",
  estimatedAmountCoveredTaxFree: null,
  estimatedAmountCoveredIncludingTaxes: null,
  actualAmountCoveredTaxFree: null,
  actualAmountCoveredIncludingTaxes: null,
  estimatedAmountOfSubsidy: null,
  actualAmountOfSubsidy: null,
});

/** A funder added with the 'Ajouter un financeur' button: nothing chosen yet. */
export const emptyFunder = (): FunderForm => ({ ...defaultFunder(), vat: false, fundingType: null, fundingSource: null });
