/** Plain-text helpers shared by the forms, the server and the tools (no dependency: the login page may use them). */

/** "Hélène Lefèvre" → "Helene Lefevre": the letters without their accents (combining marks), case kept. */
export const withoutAccents = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");
