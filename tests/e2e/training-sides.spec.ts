import type { RoleId } from "../../resources/permissions";
import { expect, test } from "./support/fixtures";
import { trainingField } from "./support/training-form";

/** The training edit form locks the organisation of the side the role does not own (the API refuses changing it: 403). */
test.describe("modification d'une formation : chaque côté à ses rôles", () => {
  const cases: [RoleId, { educational: boolean; contracting: boolean }][] = [
    ["rol_admin", { educational: true, contracting: true }],
    ["rol_gest-of", { educational: true, contracting: false }],
    ["rol_gest-cdc", { educational: false, contracting: true }],
  ];
  for (const [role, editable] of cases) {
    test(`${role} : organisme de formation ${editable.educational ? "modifiable" : "verrouillé"}, organisme contractant ${editable.contracting ? "modifiable" : "verrouillé"}`, async ({ page, signIn, api }) => {
      const training = await api.createTraining();
      await signIn(role, `/trainings/${training.id}/edit`);
      await expect(page.getByRole("heading", { name: `Modification de la formation ${training.information.name}` })).toBeVisible();
      const educational = trainingField(page, "Organisme de formation");
      const contracting = trainingField(page, "Organisme contractant");
      await expect(educational).toHaveValue(/AFPA/);
      await (editable.educational ? expect(educational).toBeEnabled() : expect(educational).toBeDisabled());
      await (editable.contracting ? expect(contracting).toBeEnabled() : expect(contracting).toBeDisabled());
    });
  }
});
