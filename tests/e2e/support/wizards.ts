/**
 * The creation wizards (src/components): their step title and buttons, and the import lookups that open the trainee's and
 * the training's wizards.
 */
import type { Page } from "@playwright/test";
import { field } from "./resource-list";

export const wizardStep = (page: Page) => page.getByTestId("wizard-step");

export const nextButton = (page: Page) => page.getByRole("button", { name: "Suivant" });

/** The trainee wizard's import step: a person looked up in Agora by NIR and birth name. */
export async function lookupPerson(page: Page, ssn: string, birthName: string): Promise<void> {
  await field(page, "NIR").fill(ssn);
  await field(page, "Nom de naissance").fill(birthName);
  await page.getByRole("button", { name: "Rechercher" }).click();
}

/** The training wizard's import step: a training looked up in Agora by its number and action number. */
export async function lookupTraining(page: Page, number: string, actionNumber: string): Promise<void> {
  await field(page, "Numéro de formation").fill(number);
  await field(page, "Numéro d'action").fill(actionNumber);
  await page.getByRole("button", { name: "Rechercher" }).click();
}
