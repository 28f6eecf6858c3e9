import { describe, expect, it } from "vitest";
import {
  FSE_ALLOWANCES,
  FSE_ALLOWANCE_KEYS,
  FSE_MSG,
  FSE_QUESTIONS,
  fseAnswersSchema,
  fseCreateBodySchema,
  fseExportQuerySchema,
  fseFormDefaults,
  fseInformationSchema,
  fsePatchBodySchema,
  fsePeriodsBefore,
  fseVisibility,
  toggleAid,
  type FseInformationInput,
} from "../../resources/fse/schema";

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join(".")] ??= issue.message;
  return messages;
};

// Loosely typed on purpose: the tests send what a form may hold, wrong values included.
const survey = (fields: Partial<Record<keyof FseInformationInput, unknown>> = {}) =>
  ({
    ...fseFormDefaults("INPUT"),
    currentSituation: "OTHER",
    level: "CITE_3_4",
    homeless: "NO",
    parentBornInEurope: "NO_ANSWER",
    frenchNationality: true,
    ...fields,
  }) as FseInformationInput;

describe("FSE survey information", () => {
  it("accepts a complete survey and keeps its answers", () => {
    const parsed = fseInformationSchema.parse(survey({ rsa: true, registeredPoleEmploi: true, poleEmploiDate: "2026-01-05" }));
    expect(parsed).toMatchObject({ period: "INPUT", rsa: true, noAid: false, poleEmploiDate: "2026-01-05", europeanNationality: null });
  });

  it("requires the period, the selects and every yes/no, with the spec's message", () => {
    const result = fseInformationSchema.safeParse(survey({ period: null, currentSituation: "", level: undefined, homeless: null, handicap: undefined, rsa: "yes" }));
    expect(messagesOf(result)).toEqual({
      period: "Ce champ est obligatoire",
      currentSituation: "Ce champ est obligatoire",
      level: "Ce champ est obligatoire",
      homeless: "Ce champ est obligatoire",
      handicap: "Ce champ est obligatoire",
      rsa: "Ce champ est obligatoire",
    });
  });

  it("refuses a value outside an enumeration and an impossible date", () => {
    const result = fseInformationSchema.safeParse(survey({ level: "CITE_9", registeredPoleEmploi: true, poleEmploiDate: "2026-02-30" }));
    expect(messagesOf(result)).toEqual({ level: "Ce champ est obligatoire", poleEmploiDate: "Cette date n'est pas valide" });
  });

  it("asks the EU nationality only when not French, and then requires it", () => {
    expect(fseVisibility({ frenchNationality: true }).europeanNationality).toBe(false);
    expect(fseVisibility({ frenchNationality: false }).europeanNationality).toBe(true);
    expect(messagesOf(fseInformationSchema.safeParse(survey({ frenchNationality: false })))).toEqual({ europeanNationality: "Ce champ est obligatoire" });
    expect(fseInformationSchema.parse(survey({ frenchNationality: false, europeanNationality: false })).europeanNationality).toBe(false);
    // Hidden: a stale answer is stored as null.
    expect(fseInformationSchema.parse(survey({ frenchNationality: true, europeanNationality: true })).europeanNationality).toBeNull();
  });

  it("employed: the detail is required and the job-search questions are cleared", () => {
    expect(messagesOf(fseInformationSchema.safeParse(survey({ employed: true })))).toEqual({ employedDetail: "Ce champ est obligatoire" });
    const parsed = fseInformationSchema.parse(
      survey({ employed: true, employedDetail: "PERMANENT", inProfessionalTraining: true, lookingForJob: true, unemployedDate: "2026-01-01" }),
    );
    expect(parsed).toMatchObject({ employedDetail: "PERMANENT", inProfessionalTraining: false, lookingForJob: false, unemployedDate: null });
  });

  it("not employed: the detail is cleared, the start date kept only when looking", () => {
    const looking = fseInformationSchema.parse(
      survey({ employed: false, employedDetail: "TEMPORARY", inProfessionalTraining: true, lookingForJob: true, unemployedDate: "2026-01-01" }),
    );
    expect(looking).toMatchObject({ employedDetail: null, inProfessionalTraining: true, lookingForJob: true, unemployedDate: "2026-01-01" });
    const notLooking = fseInformationSchema.parse(survey({ employed: false, lookingForJob: false, unemployedDate: "2026-01-01" }));
    expect(notLooking.unemployedDate).toBeNull();
    expect(fseVisibility({ employed: false, lookingForJob: true })).toMatchObject({ unemployedQuestions: true, unemployedDate: true, employedDetail: false });
    expect(fseVisibility({ employed: true, lookingForJob: true })).toMatchObject({ unemployedQuestions: false, unemployedDate: false, employedDetail: true });
  });

  it("keeps the agency date only when registered", () => {
    expect(fseInformationSchema.parse(survey({ registeredPoleEmploi: false, poleEmploiDate: "2025-12-01" })).poleEmploiDate).toBeNull();
    expect(fseInformationSchema.parse(survey({ registeredPoleEmploi: true, poleEmploiDate: null })).poleEmploiDate).toBeNull();
  });

  it("refuses 'no aid' with an allowance, for each of the eight", () => {
    for (const key of FSE_ALLOWANCE_KEYS) {
      expect(messagesOf(fseInformationSchema.safeParse(survey({ noAid: true, [key]: true })))).toEqual({ noAid: FSE_MSG.noAidWithAllowance });
    }
    expect(fseInformationSchema.safeParse(survey({ noAid: true })).success).toBe(true);
  });

  it("flags a rule together with the missing fields (a first save shows everything)", () => {
    expect(messagesOf(fseInformationSchema.safeParse(survey({ employed: true, level: null, noAid: true, rsa: true })))).toEqual({
      level: "Ce champ est obligatoire",
      employedDetail: "Ce champ est obligatoire",
      noAid: FSE_MSG.noAidWithAllowance,
    });
  });

  it("toggleAid: 'no aid' clears the eight, an allowance clears 'no aid'", () => {
    const all = { ...Object.fromEntries(FSE_ALLOWANCE_KEYS.map((key) => [key, true])), noAid: false } as Parameters<typeof toggleAid>[0];
    const none = toggleAid(all, "noAid", true);
    expect(FSE_ALLOWANCE_KEYS.every((key) => none[key] === false)).toBe(true);
    expect(none.noAid).toBe(true);
    const back = toggleAid(none, "widowAllowance", true);
    expect(back).toMatchObject({ widowAllowance: true, noAid: false, rsa: false });
    expect(toggleAid(back, "widowAllowance", false).widowAllowance).toBe(false);
  });

  it("PATCH takes the answers without a period; the answers schema normalises the same way", () => {
    const { period: _period, ...answers } = survey({ employed: true, employedDetail: "WORK_STUDY", lookingForJob: true });
    expect(fsePatchBodySchema.safeParse({ information: answers }).success).toBe(true);
    expect(fsePatchBodySchema.safeParse({ information: { ...answers, period: "LATER" } }).success).toBe(false);
    expect(fseAnswersSchema.parse(answers)).toMatchObject({ employedDetail: "WORK_STUDY", lookingForJob: false });
  });

  it("POST: recordId of exactly 32 characters", () => {
    expect(messagesOf(fseCreateBodySchema.safeParse({ recordId: "abc", information: survey() }))).toEqual({ recordId: "Le nombre de caractères doit être 32" });
    expect(messagesOf(fseCreateBodySchema.safeParse({ information: survey() }))).toEqual({ recordId: "Ce champ est obligatoire" });
    expect(fseCreateBodySchema.safeParse({ recordId: "a".repeat(32), information: survey() }).success).toBe(true);
  });
});

describe("FSE periods, labels and export query", () => {
  it("orders the periods", () => {
    expect(fsePeriodsBefore("INPUT")).toEqual([]);
    expect(fsePeriodsBefore("OUTPUT")).toEqual(["INPUT"]);
    expect(fsePeriodsBefore("AFTER_SIX_MONTH")).toEqual(["INPUT", "OUTPUT"]);
  });

  it("quotes the spec's texts verbatim", () => {
    expect(FSE_QUESTIONS.noAid).toBe("Non, je ne bénéficie d'aucune de ces aides");
    expect(FSE_QUESTIONS.currentSituation).toBe("Etes-vous actuellement ?");
    expect(FSE_QUESTIONS.employed).toBe("Occupez-vous un emploi ?");
    expect(FSE_QUESTIONS.unemployedDate).toBe("Date de début");
    expect(FSE_QUESTIONS.poleEmploiDate).toBe("Si Oui, depuis quelle date ?");
    expect(FSE_QUESTIONS.aids).toBe("Etes-vous bénéficiaire des aides suivantes ?");
    expect([FSE_MSG.tabInput, FSE_MSG.tabOutput, FSE_MSG.tabAfterSixMonth]).toEqual(["Entrée en formation", "Sortie de formation", "6 mois après la sortie"]);
    expect(FSE_MSG.formTitle).toBe("Bilan de la formation");
    expect(FSE_MSG.saveError).toBe("Une erreur est survenue lors de la sauvegarde");
    expect(Object.keys(FSE_ALLOWANCES)).toHaveLength(8);
  });

  it("reads the export's query, with French refusals", () => {
    expect(fseExportQuerySchema.parse({})).toEqual({ format: "xlsx" });
    expect(fseExportQuerySchema.parse({ period: "OUTPUT", startDate: "2026-01-01", endDate: "2026-01-01", format: "csv" })).toMatchObject({ period: "OUTPUT", format: "csv" });
    expect(messagesOf(fseExportQuerySchema.safeParse({ period: "OUT" }))).toEqual({ period: FSE_MSG.exportBadPeriod });
    expect(messagesOf(fseExportQuerySchema.safeParse({ format: "pdf" }))).toEqual({ format: FSE_MSG.exportBadFormat });
    expect(messagesOf(fseExportQuerySchema.safeParse({ startDate: "2026-02-01", endDate: "2026-01-31" }))).toEqual({ endDate: FSE_MSG.exportEndBeforeStart });
    expect(messagesOf(fseExportQuerySchema.safeParse({ startDate: "01/02/2026" }))).toEqual({ startDate: "Cette date n'est pas valide" });
  });
});
