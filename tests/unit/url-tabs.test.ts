import { describe, expect, it } from "vitest";
import { searchWithTab, tabFromSearch } from "../../src/components/url-tab-state";

// The session edit page's tabs (spec part 2 "/sessions/{sid}/edit": 'Informations', 'Bilan', 'Documents').
const SESSION_TABS = [{ value: "informations" }, { value: "bilan" }, { value: "documents" }];
const query = (text: string) => new URLSearchParams(text);

describe("tabFromSearch : l'onglet demandé par l'URL", () => {
  it("?tab=bilan ouvre l'onglet Bilan (lien direct, rechargement)", () => {
    expect(tabFromSearch(query("?tab=bilan"), SESSION_TABS)).toBe("bilan");
    expect(tabFromSearch(query("tab=documents&offset=50"), SESSION_TABS)).toBe("documents");
  });

  it("sans paramètre, ou avec une valeur inconnue : le premier onglet", () => {
    expect(tabFromSearch(query(""), SESSION_TABS)).toBe("informations");
    expect(tabFromSearch(query("?tab=inconnu"), SESSION_TABS)).toBe("informations");
    expect(tabFromSearch(query("?tab="), SESSION_TABS)).toBe("informations");
    // The value is matched exactly: no case folding that would make two links name one tab.
    expect(tabFromSearch(query("?tab=Bilan"), SESSION_TABS)).toBe("informations");
  });

  it("un onglet désactivé n'est pas ouvert par l'URL ; le premier onglet actif l'est à sa place", () => {
    const bilanLocked = [{ value: "informations" }, { value: "bilan", disabled: true }, { value: "documents" }];
    expect(tabFromSearch(query("?tab=bilan"), bilanLocked)).toBe("informations");
    const firstLocked = [{ value: "informations", disabled: true }, { value: "bilan" }];
    expect(tabFromSearch(query(""), firstLocked)).toBe("bilan");
    expect(tabFromSearch(query("?tab=informations"), firstLocked)).toBe("bilan");
  });

  it("aucun onglet sélectionnable : null", () => {
    expect(tabFromSearch(query("?tab=bilan"), [])).toBeNull();
    expect(tabFromSearch(query(""), [{ value: "bilan", disabled: true }])).toBeNull();
  });

  it("un autre nom de paramètre (deux jeux d'onglets sur une page) : seul celui-là compte", () => {
    expect(tabFromSearch(query("?tab=bilan&section=documents"), SESSION_TABS, "section")).toBe("documents");
    expect(tabFromSearch(query("?tab=bilan"), SESSION_TABS, "section")).toBe("informations");
  });
});

describe("searchWithTab : l'URL d'un onglet", () => {
  it("pose ?tab=<valeur> et garde les autres paramètres, dans leur ordre", () => {
    const current = query("?offset=50&limit=25&search=h%C3%A9l%C3%A8ne");
    expect(searchWithTab(current, "bilan").toString()).toBe("offset=50&limit=25&search=h%C3%A9l%C3%A8ne&tab=bilan");
  });

  it("remplace l'onglet déjà présent plutôt que d'en ajouter un second", () => {
    const next = searchWithTab(query("?tab=bilan&x=1"), "documents");
    expect(next.getAll("tab")).toEqual(["documents"]);
    expect(next.toString()).toBe("tab=documents&x=1");
  });

  it("ne modifie pas les paramètres reçus (ceux du routeur)", () => {
    const current = query("?tab=bilan");
    searchWithTab(current, "documents");
    expect(current.toString()).toBe("tab=bilan");
  });

  it("aller-retour : l'onglet écrit est celui relu ; un autre nom de paramètre laisse ?tab intact", () => {
    for (const { value } of SESSION_TABS) expect(tabFromSearch(searchWithTab(query("?a=1"), value), SESSION_TABS)).toBe(value);
    expect(searchWithTab(query("?tab=bilan"), "documents", "section").toString()).toBe("tab=bilan&section=documents");
  });
});
