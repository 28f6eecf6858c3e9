import { describe, expect, it } from "vitest";
import { capitalizeCity } from "../../resources/common/strings";
import { organizationSchema } from "../../resources/organizations/schema";

// Real communes as the official geographic code writes them: the particles stay lower case, the first word keeps its capital.
const COMMUNES = [
  "Saint-Ouen-sur-Seine",
  "Boulogne-sur-Mer",
  "Aix-en-Provence",
  "Saint-Germain-en-Laye",
  "Châlons-en-Champagne",
  "Villeneuve-lès-Avignon",
  "Le Puy-en-Velay",
  "Bourg-la-Reine",
  "Saint-Rémy-de-Provence",
  "Fontenay-sous-Bois",
  "Fontenay-aux-Roses",
  "Saint-Julien-des-Landes",
  "Bar-le-Duc",
  "L'Haÿ-les-Roses",
  "Villeneuve-d'Ascq",
  "Pont-l'Évêque",
  "L'Isle-sur-la-Sorgue",
  "La Garenne-Colombes",
  "Les Mureaux",
  "Saint-Étienne-du-Rouvray",
];

describe("capitalizeCity", () => {
  it.each(COMMUNES)("%s, tapée en minuscules ou en majuscules, garde ses particules en minuscules", (commune) => {
    expect(capitalizeCity(commune.toLocaleLowerCase("fr-FR"))).toBe(commune);
    expect(capitalizeCity(commune.toLocaleUpperCase("fr-FR"))).toBe(commune);
    expect(capitalizeCity(commune)).toBe(commune);
  });

  it("capitalise un mot saisi en cours de frappe comme un nom (« aix-e » avant « aix-en »)", () => {
    expect(capitalizeCity("aix-e")).toBe("Aix-E");
    expect(capitalizeCity("aix-en")).toBe("Aix-en");
  });

  it("la particule en tête garde sa majuscule (« le », « la », « l' »)", () => {
    expect(capitalizeCity("le mesnil-le-roi")).toBe("Le Mesnil-le-Roi");
    expect(capitalizeCity("l'île-saint-denis")).toBe("L'Île-Saint-Denis");
  });

  it("l'adresse d'un organisme enregistre la ville ainsi", () => {
    const parsed = organizationSchema.parse({ name: "ORGANISME", siret: "12345678901234", address: { city: "SAINT-OUEN-SUR-SEINE" } });
    expect(parsed.address?.city).toBe("Saint-Ouen-sur-Seine");
  });
});
