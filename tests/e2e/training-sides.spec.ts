import { expect, test } from "@playwright/test";
import type { RoleId } from "../../resources/permissions";
import { loginAs } from "./support/auth";
import { createTraining } from "./support/api-records";
import { field } from "./support/resource-list";

/** The training edit form locks the organisation of the side the role does not own (the API refuses changing it: 403). */
test.describe("modification d'une formation : chaque côté à ses rôles", () => {
  const cases: [RoleId, { educational: boolean; contracting: boolean }][] = [
    ["rol_admin", { educational: true, contracting: true }],
    ["rol_gest-of", { educational: true, contracting: false }],
    ["rol_gest-cdc", { educational: false, contracting: true }],
  ];
  for (const [role, editable] of cases) {
    test(`${role} : organisme de formation ${editable.educational ? "modifiable" : "verrouillé"}, organisme contractant ${editable.contracting ? "modifiable" : "verrouillé"}`, async ({ page }) => {
      const training = await createTraining(page);
      await loginAs(page, role, `/trainings/${training.id}/edit`);
      await expect(page.getByRole("heading", { name: `Modification de la formation ${training.information.name}` })).toBeVisible();
      // A Mantine select labels both its wrapper and its input: the input comes last.
      const educational = field(page, "Organisme de formation").last();
      const contracting = field(page, "Organisme contractant").last();
      await expect(educational).toHaveValue(/AFPA/);
      await (editable.educational ? expect(educational).toBeEnabled() : expect(educational).toBeDisabled());
      await (editable.contracting ? expect(contracting).toBeEnabled() : expect(contracting).toBeDisabled());
    });
  }
});
