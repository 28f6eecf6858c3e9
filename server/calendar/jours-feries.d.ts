/**
 * Types for @socialgouv/jours-feries 2.x, which ships plain CommonJS without declarations (src/index.js: one function,
 * `module.exports = getJoursFeries`). Each value is a local-time Date; see french-holidays.ts for why it is not read as is.
 */
declare module "@socialgouv/jours-feries" {
  type NationalHoliday =
    | "Jour de l'an"
    | "Fête du travail"
    | "Victoire des alliés"
    | "Fête Nationale"
    | "Assomption"
    | "Toussaint"
    | "Armistice"
    | "Noël"
    | "Lundi de Pâques"
    | "Ascension"
    | "Lundi de Pentecôte";
  type AlsaceMoselleHoliday = "Vendredi Saint" | "Saint Étienne";

  function getJoursFeries(year: number, options?: { alsace?: false }): Record<NationalHoliday, Date>;
  function getJoursFeries(year: number, options: { alsace: true }): Record<NationalHoliday | AlsaceMoselleHoliday, Date>;
  export = getJoursFeries;
}
