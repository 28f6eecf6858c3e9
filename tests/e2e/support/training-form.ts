/**
 * The training's form (creation wizard and edit page): its selects and its funders, whose fields share their labels.
 */
import type { Page } from "@playwright/test";
import { errorOf, field } from "./resource-list";

/** A training field by its label. A Mantine select labels both its wrapper and its input: the input comes last. */
export const trainingField = (page: Page, label: string) => field(page, label).last();

export const trainingFieldError = (page: Page, label: string) => errorOf(trainingField(page, label));

export const funder = (page: Page, n: number) => page.getByRole("region", { name: `Financeur n°${n}` });

/** A field of the n-th funder (every funder has the same labels). */
export const funderField = (page: Page, n: number, label: string) => field(funder(page, n), label).last();
