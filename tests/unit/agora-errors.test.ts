import { describe, expect, it } from "vitest";
import {
  AGORA_ERRORS,
  AGORA_SOURCES,
  AGORA_SOURCE_HINTS,
  AGORA_REMEDIES,
  AGORA_REMEDY_HINTS,
  agoraErrorDetails,
  agoraHint,
  agoraMessage,
  agoraMessageLines,
  agoraSourceOf,
  agoraSourcePath,
} from "../../resources/records/agora-errors";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// The list (spec part 2 §8): 1–5, 29, 34, 40–49, 63, 69, 97–99, 106, 107, 131, 145, 153, 158, 172, 178, 209, 214, 216,
// 264, 268, 272, 273, 275, 280, 1001–1059, 99999.
const SPEC_CODES = [
  ...range(1, 5),
  29,
  34,
  ...range(40, 49),
  63,
  69,
  ...range(97, 99),
  106,
  107,
  131,
  145,
  153,
  158,
  172,
  178,
  209,
  214,
  216,
  264,
  268,
  272,
  273,
  275,
  280,
  ...range(1001, 1059),
  99999,
];

describe("AGORA error catalogue", () => {
  it("holds every code of the spec, and no other", () => {
    expect(Object.keys(AGORA_ERRORS).map(Number).sort((a, b) => a - b)).toEqual(SPEC_CODES);
  });

  it("gives each code a French message and one of the five sources", () => {
    for (const code of SPEC_CODES) {
      const entry = AGORA_ERRORS[code]!;
      expect(entry.message.trim().length, `code ${code}`).toBeGreaterThan(5);
      expect(AGORA_SOURCES).toContain(entry.source);
    }
  });

  it("quotes the spec's five messages verbatim", () => {
    expect(AGORA_ERRORS[5]!.message).toBe("Titulaire non trouvé");
    expect(AGORA_ERRORS[145]!.message).toBe("Opération non autorisée sur le dossier à l'état [..]");
    expect(AGORA_ERRORS[1024]!.message).toBe("Le statut du dossier ne permet pas d'effectuer cette action");
    expect(AGORA_ERRORS[1029]!.message).toBe("Vous avez déjà apporté une réponse pour ce dossier");
    expect(AGORA_ERRORS[1047]!.message).toBe("Opération impossible sur un dossier clos depuis plus de N mois");
  });

  it("uses every source, and maps codes 1 and 2 to the record or the trainee", () => {
    const used = new Set(Object.values(AGORA_ERRORS).map((entry) => entry.source));
    expect([...used].sort()).toEqual([...AGORA_SOURCES].sort());
    expect(["record", "trainee"]).toContain(agoraSourceOf(1));
    expect(["record", "trainee"]).toContain(agoraSourceOf(2));
  });

  it("words the hint of each source as the spec does", () => {
    expect(AGORA_SOURCE_HINTS).toEqual({
      training: "Allez sur la page d'édition de la formation pour corriger.",
      session: "Allez sur la page d'édition de la session pour corriger.",
      record: "Allez sur la page d'édition du dossier pour corriger.",
      trainee: "Allez sur la page d'édition du stagiaire pour corriger.",
      training_funding: "Allez sur la page d'édition des financeurs pour corriger.",
    });
    const ids = { recordId: "r1", agoraId: "DF1", traineeId: "t1", sessionId: "s1", trainingId: "f1" };
    expect(agoraHint(5, ids)).toEqual({ text: "Allez sur la page d'édition du stagiaire pour corriger.", path: "/trainees/t1/edit" });
    expect(agoraHint(424242, ids)).toEqual({ text: AGORA_SOURCE_HINTS.record, path: "/records/r1/edit" });
  });

  it("says what to do, with no link, for the codes no edit page fixes: retry, nothing to fix, support with the file number", () => {
    const ids = { recordId: "r1", agoraId: "DF1", traineeId: "t1", sessionId: "s1", trainingId: "f1" };
    for (const code of [99999, 1058, 1059]) expect(agoraHint(code, ids)).toEqual({ text: "Agora n'a pas pu traiter la demande : rien n'est à corriger, réessayez plus tard." });
    expect(agoraHint(1047, ids)).toEqual({ text: "Aucune correction n'est possible : le dossier est clos dans Agora et ne peut plus être modifié." });
    expect(agoraHint(1024, ids)).toEqual({ text: "Rien n'est à corriger ici : contactez le support d'Agora en indiquant le n° de dossier DF1." });
    expect(agoraHint(145, ids).path).toBeUndefined();
    // Every code named has its catalogue entry; every remedy its words.
    for (const code of Object.keys(AGORA_REMEDIES).map(Number)) expect(AGORA_ERRORS[code]).toBeDefined();
    expect(Object.keys(AGORA_REMEDY_HINTS).sort()).toEqual([...new Set(Object.values(AGORA_REMEDIES))].sort());
  });

  it("links each source to its edit page", () => {
    const ids = { recordId: "r1", traineeId: "t1", sessionId: "s1", trainingId: "f1" };
    expect(AGORA_SOURCES.map((source) => agoraSourcePath(source, ids))).toEqual([
      "/trainings/f1/edit",
      "/sessions/s1/edit",
      "/records/r1/edit",
      "/trainees/t1/edit",
      "/trainings/f1/edit?tab=financeurs",
    ]);
  });

  it("gives a record-sourced hint no page while no record exists (the record wizard): the support, never the record's edit page", () => {
    const ids = { traineeId: "t1", sessionId: "s1", trainingId: "f1" };
    expect(agoraSourcePath("record", ids)).toBeUndefined();
    expect(agoraSourcePath("session", ids)).toBe("/sessions/s1/edit");
    expect(agoraHint(1030, ids)).toEqual({ text: AGORA_REMEDY_HINTS.support() });
    expect(agoraHint(99999, ids)).toEqual({ text: AGORA_REMEDY_HINTS.retry });
  });

  it("fills the state and the months into their placeholders", () => {
    expect(agoraMessage(145, { state: "Validé" })).toBe("Opération non autorisée sur le dossier à l'état Validé");
    expect(agoraMessage(1047, { months: 12 })).toBe("Opération impossible sur un dossier clos depuis plus de 12 mois");
    expect(agoraMessage(5)).toBe("Titulaire non trouvé");
  });

  it("reads details.agora with a message or a list of messages, one line each", () => {
    const single = agoraErrorDetails.parse({ type: "functional", code: 5, message: "Titulaire non trouvé" });
    const list = agoraErrorDetails.parse({ type: "functional", code: 1005, message: ["a", "b"] });
    expect(agoraMessageLines(single)).toEqual(["Titulaire non trouvé"]);
    expect(agoraMessageLines(list)).toEqual(["a", "b"]);
    expect(agoraErrorDetails.safeParse({ type: "functional", code: 5 }).success).toBe(false);
    expect(agoraErrorDetails.safeParse({ type: "other", code: 5, message: "x" }).success).toBe(false);
  });
});
