/**
 * Sort, filters and URL state on every list (issue 25): each offered column sorted both ways as the API sorts it, each filter
 * alone and with a search as the API filters, the URL restoring the list after a reload, from a link pasted in a new page and
 * through back/forward; sort and filter by keyboard alone; the filter bar open, audited by axe.
 */
import type { Page } from "@playwright/test";
import type { ApiRecords, ApiTraining } from "./support/api-records";
import { audit } from "./support/axe";
import { expect, test } from "./support/fixtures";
import {
  applyFilter,
  clickSort,
  dateFilter,
  expectEveryRow,
  expectRowsAsApi,
  flagFilter,
  header,
  lookupFilter,
  multiFilter,
  openFilters,
  pageQuery,
  selectFilter,
  shownIds,
  type FilterCase,
} from "./support/list-state";
import { counter, field, listRows, search, setRowsPerPage } from "./support/resource-list";

test.describe.configure({ timeout: 120_000 });

/** Demo rows the filters pick: a training, two organisations (ids read through the API). */
interface Demo {
  training: ApiTraining;
  cnam: string;
  afpa: string;
}

async function demoRows(api: ApiRecords): Promise<Demo> {
  const [training, cnam, afpa] = await Promise.all([
    api.find<ApiTraining>("trainings", "F2025005"),
    api.find<{ id: string }>("organizations", "19750003700019"),
    api.find<{ id: string }>("organizations", "82409153600014"),
  ]);
  return { training: training!, cnam: cnam!.id, afpa: afpa!.id };
}

interface ListCase {
  resource: string;
  title: string;
  /** The sortable headers, by name, and the API's sort field each sends. */
  sorts: { header: string; field: string }[];
  /** The filters, each with what the test types and the URL parameter it writes. */
  filters: (demo: Demo) => FilterCase[];
  /** The filter set by keyboard alone: its control's label, the keys that set it, the parameter then in the URL. */
  keyboard: { label: string; keys: string[]; param: string; value: string };
}

const LISTS: ListCase[] = [
  {
    resource: "records",
    title: "Dossiers de formation",
    sorts: [
      { header: "Statut", field: "status" },
      { header: "Dernière mise à jour", field: "updatedDate" },
    ],
    filters: ({ training, cnam }) => [
      multiFilter("Statut", "Valid", "Validé", "status", "VALIDATED"),
      lookupFilter("Organisme de formation", "CNAM", "CNAM PARIS", "educationalOrganizationId", cnam, { column: "Organisme de formation", text: "CNAM PARIS" }),
      lookupFilter("Formation", training.information.number, `${training.information.number} ${training.information.name}`, "trainingId", training.id, {
        column: "Formation",
        text: training.information.name,
      }),
      dateFilter("Session à partir du", "01/01/2026", "sessionFrom", "2026-01-01"),
      dateFilter("Session jusqu'au", "31/12/2025", "sessionTo", "2025-12-31"),
      flagFilter("Sans questionnaire FSE", "withoutFse"),
      flagFilter("Échange AGORA en échec", "agoraFailed"),
    ],
    keyboard: { label: "Sans questionnaire FSE", keys: ["Space"], param: "withoutFse", value: "true" },
  },
  {
    resource: "sessions",
    title: "Sessions",
    sorts: [
      { header: "Début", field: "startDate" },
    ],
    filters: ({ afpa }) => [
      dateFilter("Période à partir du", "01/01/2026", "periodFrom", "2026-01-01"),
      dateFilter("Période jusqu'au", "31/12/2025", "periodTo", "2025-12-31"),
      lookupFilter("Organisme de formation", "AFPA", "AFPA ÎLE-DE-FRANCE", "organizationId", afpa, { column: "Organisme de formation", text: "AFPA ÎLE-DE-FRANCE" }),
      flagFilter("Bilan non validé", "bilanNotValidated"),
    ],
    keyboard: { label: "Bilan non validé", keys: ["Space"], param: "bilanNotValidated", value: "true" },
  },
  {
    resource: "trainees",
    title: "Stagiaires",
    sorts: [
      { header: "Nom d'usage", field: "lastName" },
    ],
    filters: () => [selectFilter("Département", "13 - Bouches-du-Rhône", "department", "D13"), flagFilter("Sans dossier", "withoutRecord")],
    keyboard: { label: "Sans dossier", keys: ["Space"], param: "withoutRecord", value: "true" },
  },
  {
    resource: "trainings",
    title: "Formations",
    sorts: [
      { header: "Intitulé", field: "name" },
    ],
    filters: ({ cnam }) => [
      lookupFilter("Organisme de formation", "CNAM", "CNAM PARIS", "organizationId", cnam, { column: "Organisme de formation", text: "CNAM PARIS" }),
      selectFilter("FSE", "Oui", "fse", "true"),
      selectFilter("FSE", "Non", "fse", "false"),
      selectFilter("Sanitaire et social", "Oui", "healthcare", "true", { column: "Sanitaire et social", text: "Oui" }),
    ],
    keyboard: { label: "FSE", keys: ["ArrowDown", "ArrowDown", "Enter"], param: "fse", value: "true" },
  },
];

/** Opens the list as an administrator (who sees every row the API compares with) and waits for its rows. */
async function openList(page: Page, signIn: (role: "rol_admin", path: string) => Promise<void>, list: ListCase, query = "") {
  await signIn("rol_admin", `/${list.resource}${query}`);
  await expect(page.getByRole("heading", { name: list.title, level: 1 })).toBeVisible();
  await expect(page.locator("table[aria-busy=true]")).toHaveCount(0);
}

/** Presses Tab until the focus is on what `focused` recognises (by keyboard alone), at most 40 times. */
async function tabTo(page: Page, focused: () => Promise<boolean>) {
  for (let presses = 0; presses < 40 && !(await focused()); presses += 1) await page.keyboard.press("Tab");
  expect(await focused()).toBe(true);
}

for (const list of LISTS) {
  test.describe(`liste ${list.title} : tri, filtres, adresse`, () => {
    test("tri par chaque colonne proposée, croissant puis décroissant comme l'API, puis retour à l'ordre par défaut", async ({ page, signIn, api }) => {
      await openList(page, signIn, list);
      const byDefault = await expectRowsAsApi(page, api, list.resource);
      for (const { header: name, field } of list.sorts) {
        await clickSort(page, name, list.resource);
        await expect(header(page, name)).toHaveAttribute("aria-sort", "ascending");
        expect(pageQuery(page).get("sort")).toBe(field);
        expect(pageQuery(page).get("order")).toBe("asc");
        const ascending = await expectRowsAsApi(page, api, list.resource);
        await clickSort(page, name, list.resource);
        await expect(header(page, name)).toHaveAttribute("aria-sort", "descending");
        expect(pageQuery(page).get("order")).toBe("desc");
        const descending = await expectRowsAsApi(page, api, list.resource);
        expect(descending, `${name} : l'ordre décroissant diffère du croissant`).not.toEqual(ascending);
        // One sort at a time: no other header is marked.
        await expect(page.locator("thead th[aria-sort]")).toHaveCount(1);
        await clickSort(page, name, list.resource);
        await expect(page.locator("thead th[aria-sort]")).toHaveCount(0);
        expect(pageQuery(page).has("sort")).toBe(false);
      }
      expect((await expectRowsAsApi(page, api, list.resource)).length).toBe(byDefault.length);
    });

    test("chaque filtre seul, puis avec une recherche, comme l'API ; « Réinitialiser les filtres »", async ({ page, signIn, api }) => {
      for (const filter of list.filters(await demoRows(api))) {
        await openList(page, signIn, list);
        await applyFilter(page, list.resource, filter);
        await expect(page.getByRole("button", { name: "Filtres (1)" })).toBeVisible();
        const filtered = await expectRowsAsApi(page, api, list.resource);
        if (filter.every) await expectEveryRow(page, filter.every);
        // With a search: the first row's first cell (its number or name), or a letter when the filter leaves no row.
        const term = filtered.length ? ((await listRows(page).first().locator("td").first().innerText()).split("\n")[0] ?? "a") : "a";
        await search(page, term);
        expect(pageQuery(page).get(filter.param), filter.name).toBeTruthy();
        if (filtered.length) await expect(listRows(page).first()).toBeVisible();
        await expectRowsAsApi(page, api, list.resource);
        await page.getByRole("button", { name: "Réinitialiser les filtres" }).click();
        await expect(page.getByRole("button", { name: "Filtres", exact: true })).toBeVisible();
        expect(pageQuery(page).has(filter.param)).toBe(false);
        expect(pageQuery(page).get("search")).toBe(term);
      }
    });

    test("l'adresse restaure la liste : rechargement, lien collé dans une nouvelle page, précédent / suivant", async ({ page, signIn, api }) => {
      const [sort] = list.sorts;
      const [filter] = list.filters(await demoRows(api));
      await openList(page, signIn, list);
      await applyFilter(page, list.resource, filter!);
      const filteredUrl = page.url();
      await clickSort(page, sort!.header, list.resource);
      await setRowsPerPage(page, 10);
      await expect(page).toHaveURL(/[?&]limit=10(&|$)/);
      // A search the first row answers (its number or name); typing replaces the current history entry.
      const term = (await listRows(page).first().locator("td").first().innerText()).split("\n")[0]!;
      await search(page, term);
      expect(pageQuery(page).get("search")).toBe(term);
      const shown = await expectRowsAsApi(page, api, list.resource);
      expect(shown.length).toBeGreaterThan(0);
      const url = page.url();

      const restored = async (other: Page) => {
        await expect(other.getByRole("button", { name: "Filtres (1)" })).toBeVisible();
        await expect(header(other, sort!.header)).toHaveAttribute("aria-sort", "ascending");
        await expect(field(other, "Lignes par page")).toHaveValue("10");
        await expect(other.getByRole("textbox", { name: "Rechercher" })).toHaveValue(term);
        expect((await shownIds(other)).slice(0, shown.length)).toEqual(shown);
      };
      await page.reload();
      await restored(page);
      expect(page.url()).toBe(url);

      const pasted = await page.context().newPage();
      await pasted.goto(url);
      await restored(pasted);
      await pasted.close();

      await page.goBack();
      await expect(page).toHaveURL(/[?&]sort=/);
      await page.goBack();
      expect(page.url()).toBe(filteredUrl);
      await expect(page.locator("thead th[aria-sort]")).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "Rechercher" })).toHaveValue("");
      await expectRowsAsApi(page, api, list.resource);
      await page.goForward();
      await expect(header(page, sort!.header)).toHaveAttribute("aria-sort", "ascending");
      await page.goForward();
      expect(page.url()).toBe(url);
      await expect(counter(page)).toHaveText(/^1 - \d+ sur \d+$/);
    });

    test("tri et filtre au clavier seul ; la barre de filtres ouverte passe axe", async ({ page, signIn }) => {
      await openList(page, signIn, list);
      await page.getByRole("textbox", { name: "Rechercher" }).focus();
      const toggle = page.getByRole("button", { name: /^Filtres/ });
      await tabTo(page, () => toggle.evaluate((element) => element === document.activeElement));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("group", { name: "Filtres" })).toBeVisible();
      const control = field(page.getByRole("group", { name: "Filtres" }), list.keyboard.label);
      await tabTo(page, () => control.evaluate((element) => element === document.activeElement));
      for (const key of list.keyboard.keys) await page.keyboard.press(key);
      await expect(page).toHaveURL(new RegExp(`[?&]${list.keyboard.param}=${list.keyboard.value}(&|$)`));

      const [sort] = list.sorts;
      const sortButton = header(page, sort!.header).getByRole("button");
      await tabTo(page, () => sortButton.evaluate((element) => element === document.activeElement));
      await page.keyboard.press("Enter");
      await expect(header(page, sort!.header)).toHaveAttribute("aria-sort", "ascending");
      await page.keyboard.press("Space");
      await expect(header(page, sort!.header)).toHaveAttribute("aria-sort", "descending");
      await expect(page.locator("table[aria-busy=true]")).toHaveCount(0);

      await openFilters(page);
      await audit(page, `liste ${list.title}, filtres ouverts, triée`);
    });
  });
}
