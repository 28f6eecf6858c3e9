/**
 * The Bilan tab's mail to the funding authority (issue 23): « E-mail envoyé le … à … » once the queue has sent it, « Renvoyer
 * l'e-mail » for resp-cdc and admins (re-sent, recorded with who asked), not for the others; the waiting and failed states as the
 * API describes them (the end-to-end server writes mails to its outbox and never fails: those two answers are the API's shape,
 * produced for real in tests/api/mail-queue.test.ts).
 */
import type { Page } from "@playwright/test";
import { apiHeaders, ROLE_USERS } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { mailsContaining } from "./support/outbox";
import { editPath } from "./support/session-edit";

const paris = (iso: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", ...options }).format(new Date(iso));
const day = (iso: string) => paris(iso, { day: "2-digit", month: "2-digit", year: "numeric" });
const clock = (iso: string) => paris(iso, { hour: "2-digit", minute: "2-digit" });

const mailBox = (page: Page) => page.getByTestId("bilan-mail");

test.describe("modification d'une session : e-mail du bilan", () => {
  test("envoyé : la date et l'heure ; « Renvoyer l'e-mail » pour resp-cdc, enregistré avec son nom ; pas pour gest-cdc", async ({ page, signIn, api, request }) => {
    const session = await api.createSession();
    const validated = await request.patch(`/api/sessions/${session.id}`, {
      headers: await apiHeaders(request, "rol_admin"),
      data: { result: { objective: "Insérer", level: "LEVEL_4", validatedAssessment: true } },
    });
    expect(validated.status()).toBe(200);
    await expect.poll(() => mailsContaining(`/sessions/${session.id}`).length).toBe(1);
    type Mail = { state: string; sentAt: string | null; createdAt: string };
    const readMails = async () =>
      ((await (await request.get(`/api/sessions/${session.id}/bilan-mails`, { headers: await apiHeaders(request, "rol_admin") })).json()) as { data: Mail[] }).data;
    await expect.poll(async () => (await readMails())[0]?.state).toBe("done");
    const [sent] = await readMails();

    await signIn("rol_gest-cdc", editPath(session.id, "bilan"));
    await expect(mailBox(page).getByRole("listitem")).toHaveText([`E-mail envoyé le ${day(sent!.sentAt!)} à ${clock(sent!.sentAt!)}`]);
    await expect(page.getByRole("button", { name: "Renvoyer l'e-mail" })).toHaveCount(0);

    await signIn("rol_resp-cdc", editPath(session.id, "bilan"));
    await page.getByRole("button", { name: "Renvoyer l'e-mail" }).click();
    await expect(page.getByText("L'e-mail sera renvoyé dans un instant")).toBeVisible();
    await expect.poll(() => mailsContaining(`/sessions/${session.id}`).length).toBe(2);
    await expect.poll(async () => (await readMails()).map((m) => m.state)).toEqual(["done", "done"]);
    const [resent] = await readMails();
    await page.reload();
    await expect(mailBox(page).getByRole("listitem").first()).toHaveText(
      `E-mail envoyé le ${day(resent!.sentAt!)} à ${clock(resent!.sentAt!)} (renvoi demandé par ${ROLE_USERS["rol_resp-cdc"]} le ${day(resent!.createdAt)} à ${clock(resent!.createdAt)})`,
    );
  });

  test("en attente : « Envoi en attente (nouvel essai à HH:mm) » ; en échec : « Échec de l'envoi : … », renvoyable", async ({ page, signIn, api, request }) => {
    const session = await api.createSession();
    const validated = await request.patch(`/api/sessions/${session.id}`, {
      headers: await apiHeaders(request, "rol_admin"),
      data: { result: { objective: "Insérer", level: "LEVEL_4", validatedAssessment: true } },
    });
    expect(validated.status()).toBe(200);
    const nextTry = "2026-11-25T14:35:00.000Z";
    const base = { id: "a".repeat(32), attempts: 2, createdAt: "2026-11-25T14:00:00.000Z", sentAt: null, requestedBy: null };
    let answer = [{ ...base, state: "pending", nextAttemptAt: nextTry, lastError: "le serveur d'envoi est injoignable" }];
    await page.route(`**/api/sessions/${session.id}/bilan-mails`, (route) =>
      route.request().method() === "GET" ? route.fulfill({ json: { data: answer } }) : route.continue(),
    );
    await signIn("rol_admin", editPath(session.id, "bilan"));
    await expect(mailBox(page).getByRole("listitem")).toHaveText([`Envoi en attente (nouvel essai à ${clock(nextTry)})`]);
    // A delivery waits: no re-send meanwhile.
    await expect(page.getByRole("button", { name: "Renvoyer l'e-mail" })).toHaveCount(0);

    answer = [{ ...base, state: "failed", nextAttemptAt: null as unknown as string, lastError: "le serveur d'envoi est injoignable" }];
    await page.reload();
    await expect(mailBox(page).getByRole("listitem")).toHaveText(["Échec de l'envoi : le serveur d'envoi est injoignable"]);
    await expect(page.getByRole("button", { name: "Renvoyer l'e-mail" })).toBeVisible();
  });
});
