/**
 * Persons' names follow the French civil-status alphabet (docs/decisions/0001-noms-alphabet-latin.md): the Latin letters, the
 * diacritics of French (à â ä ç é è ê ë î ï ô ö ù û ü ÿ, æ œ), space, hyphen and apostrophe. AGORA and the attendance sheets
 * hold names as the civil status writes them; a name in another script was printed transliterated, not as it was stored.
 * Shared by the forms, the API's schemas and the AGORA import.
 */
import { hasForbiddenCharacter } from "./text";

export const CIVIL_STATUS_NAME_MESSAGE =
  "Ce champ n'accepte que les lettres de l'alphabet latin (avec les accents du français), l'espace, le trait d'union et l'apostrophe";

const LETTERS = "A-Za-zÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸÆŒàâäçéèêëîïôöùûüÿæœ";
// The apostrophe typed (') and the typographic one (’), which word processors and phones put in « N’DIAYE ».
const CIVIL_STATUS_NAME = new RegExp(`^[${LETTERS} '’-]*$`, "u");

/** The name as composed characters: « É » typed as E and a combining accent is stored as the one letter it is. */
export const composed = (text: string) => text.normalize("NFC");

/**
 * Whether `text` is written in the civil-status alphabet. A character no field accepts (text.ts) answers true: that rule has its
 * own message, and a field shows one message per problem.
 */
export const isCivilStatusName = (text: string) => hasForbiddenCharacter(text) || CIVIL_STATUS_NAME.test(composed(text));
