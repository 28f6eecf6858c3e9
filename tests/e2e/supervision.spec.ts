/**
 * The supervision screen (issue 38; docs/queue.md « Écran de supervision »): an administrator sees the queues, relaunches a failed
 * job with « Relancer », finds a failed mail labelled as a mail, and abandons an AGORA exchange with a reason (in the record's
 * history); a gest-of has neither the menu entry nor the screen. axe on the screen and on its abandon modal.
 * States no API call makes on demand (a job out of attempts, an exchange AGORA never answered) are written in SQL.
 */
import type { Page } from "@playwright/test";
import { SUPERVISION_MSG } from "../../resources/supervision/schema";
import { uniqueSuffix } from "./support/api-records";
import { heading } from "./support/accessibility";
import { audit } from "./support/axe";
import { sql } from "./support/database";
import { expect, test } from "./support/fixtures";

/**
 * A failed job of its own queue: no worker claims that queue, so once relaunched it stays `pending` and the test cannot race a
 * run. Its reason is unique, to find its row among other tests' jobs.
 */
async function failedJob(queue: string, subject: string | null = null): Promise<{ id: string; reason: string }> {
  const reason = `Serveur injoignable ${uniqueSuffix()}`;
  const [row] = await sql<{ id: string }>(
    `insert into jobs (id, queue, payload, state, attempts, last_error, finished_at, subject)
     values (md5(random()::text), $1, '{}', 'failed', 25, $2, now(), $3) returning id`,
    [queue, reason, subject],
  );
  return { id: row!.id, reason };
}

/**
 * A status change AGORA never answered, 3 hours old, on a fresh record. `tried_at` now: the reconciliation skips an exchange tried
 * in the last 5 minutes, so it stays unsettled while the test abandons it.
 */
async function unansweredExchange(recordId: string): Promise<string> {
  const id = `e2e${uniqueSuffix()}`.toLowerCase().padEnd(32, "0").slice(0, 32);
  await sql(
    `insert into agora_exchanges (id, idempotency_key, kind, record_id, payload, from_status, to_status, employee_name, attempts, last_error, created_at, tried_at)
     values ($1, $1, 'STATUS', $2, '{"kind":"STATUS"}', 'SETUP', 'VALIDATED', 'Camille BERNARD', 3, 'AGORA ne répond pas', now() - interval '3 hours', now())`,
    [id, recordId],
  );
  await sql("update records set pending_exchange_id = $1 where id = $2", [id, recordId]);
  return id;
}

const section = (page: Page, name: string) => page.getByRole("region", { name });

test("administrateur : files d'attente, « Relancer » une tâche en échec, un e-mail en échec affiché comme tel", async ({ page, signIn }) => {
  const job = await failedJob("e2e.sans-executant");
  const mail = await failedJob("mail.send", "session:e2e-sans-session");
  await signIn("rol_admin", "/records");
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Supervision" }).click();
  await expect(heading(page, "Supervision")).toBeVisible();
  await expect(section(page, "Files d'attente").getByRole("row", { name: /^E-mails/ })).toBeVisible();

  const jobs = section(page, "Tâches en échec");
  const row = jobs.locator(`tr[data-job-id="${job.id}"]`);
  await expect(row).toContainText(job.reason);
  const mailRow = section(page, "E-mails en échec").locator(`tr[data-job-id="${mail.id}"]`);
  await expect(mailRow).toContainText(mail.reason);
  await expect(mailRow.getByRole("link", { name: "Ouvrir la session" })).toHaveAttribute("href", "/sessions/e2e-sans-session");
  await expect(jobs.locator(`tr[data-job-id="${mail.id}"]`)).toHaveCount(0);
  await audit(page, "supervision");

  await row.getByRole("button", { name: /^Relancer/ }).click();
  await expect(page.getByText("Tâche relancée : elle s'exécutera dans un instant.")).toBeVisible();
  await expect(row).toHaveCount(0);
  const [after] = await sql<{ state: string; attempts: number }>("select state, attempts from jobs where id = $1", [job.id]);
  expect(after).toEqual({ state: "pending", attempts: 0 });
});

test("administrateur : un échange avec AGORA abandonné avec sa raison, inscrite dans l'historique du dossier", async ({ page, signIn, api }) => {
  const record = await api.createRecord();
  const exchangeId = await unansweredExchange(record.id);
  await signIn("rol_sup-admin", "/supervision");
  const row = section(page, "Échanges avec AGORA à régler").locator(`tr[data-exchange-id="${exchangeId}"]`);
  await expect(row).toContainText("il y a 3 h");
  await expect(row).toContainText("Envoi à AGORA en cours");
  await expect(row.getByRole("button", { name: /^Demander à AGORA/ })).toBeVisible();
  await expect(row.getByRole("link", { name: /^Ouvrir le dossier/ })).toHaveAttribute("href", `/records/${record.id}`);
  await audit(page, "supervision, un échange à régler");

  // By keyboard: the modal opens on Enter with the reason's field focused, and Escape gives the focus back to the button.
  const abandonButton = row.getByRole("button", { name: /^Abandonner/ });
  await abandonButton.focus();
  await page.keyboard.press("Enter");
  const modal = page.getByRole("dialog", { name: "Abandonner l'échange avec AGORA" });
  await expect(modal.getByRole("textbox", { name: "Raison de l'abandon" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(abandonButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Abandonner l'échange" }).click();
  await expect(modal.getByText(SUPERVISION_MSG.reasonRequired)).toBeVisible();
  await expect(modal.getByRole("textbox", { name: "Raison de l'abandon" })).toBeFocused();
  await audit(page, "supervision, modale d'abandon avec son erreur");

  const reason = `Dossier saisi en double chez AGORA ${uniqueSuffix()}`;
  await modal.getByRole("textbox", { name: "Raison de l'abandon" }).fill(reason);
  await modal.getByRole("button", { name: "Abandonner l'échange" }).click();
  await expect(page.getByText("Échange abandonné : la raison est inscrite dans l'historique du dossier.")).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(row).toHaveCount(0);

  await page.goto(`/records/${record.id}`);
  const abandon = page.getByRole("table", { name: "Historique" }).locator('tr[data-event-kind="ABANDON"]');
  await expect(abandon).toContainText("Échange avec AGORA abandonné");
  await expect(abandon).toContainText(`Raison : ${reason}`);
});

test("gestionnaire OF : ni entrée de menu, ni écran de supervision", async ({ page, signIn }) => {
  await signIn("rol_gest-of", "/records");
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await expect(menu.getByRole("link", { name: "Dossiers de formation" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Supervision" })).toHaveCount(0);
  await page.goto("/supervision");
  await expect(heading(page, "L'accès à cette page vous est restreint.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Supervision" })).toHaveCount(0);
});
