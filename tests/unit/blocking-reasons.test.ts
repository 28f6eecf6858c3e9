import { describe, expect, it } from "vitest";
import { RECORD_STATUSES, type RecordStatus } from "../../resources/common/record-statuses";
import { blockingReasons, type BlockingFacts } from "../../server/records/blocking-reasons";

const facts = (overrides: Partial<BlockingFacts>): BlockingFacts => ({
  status: "SETUP",
  sessionStartDate: "2026-06-01", // un lundi, sans férié autour
  sessionEndDate: "2026-06-26",
  lastAgoraExchangeFailed: false,
  qualityBlocking: false,
  today: "2026-06-01",
  ...overrides,
});

const codes = (overrides: Partial<BlockingFacts>) => blockingReasons(facts(overrides)).map((reason) => reason.code);

describe("blockingReasons", () => {
  it("n'en donne aucune pour un dossier à jour", () => {
    expect(blockingReasons(facts({}))).toEqual([]);
    expect(codes({ today: "2026-05-20" })).toEqual([]); // session à venir
  });

  it("signale une session commencée depuis plus de 3 jours ouvrés : à partir du 4e jour ouvré écoulé", () => {
    expect(codes({ today: "2026-06-04" })).toEqual([]); // mar., mer., jeu. : 3
    expect(blockingReasons(facts({ today: "2026-06-05" }))).toEqual([
      { code: "notStarted", message: "La session a commencé depuis plus de 3 jours ouvrés et le dossier n'est pas entré en formation" },
    ]);
    expect(codes({ status: "VALIDATED", today: "2026-06-05" })).toEqual(["notStarted"]);
  });

  it("ne compte ni l'Ascension ni le week-end", () => {
    const startedBeforeAscension = { sessionStartDate: "2026-05-11", sessionEndDate: "2026-06-30" };
    expect(codes({ ...startedBeforeAscension, today: "2026-05-15" })).toEqual([]); // mar. 12, mer. 13, ven. 15
    expect(codes({ ...startedBeforeAscension, today: "2026-05-17" })).toEqual([]); // dimanche
    expect(codes({ ...startedBeforeAscension, today: "2026-05-18" })).toEqual(["notStarted"]);
  });

  it("signale une session terminée depuis plus de 3 jours ouvrés, sans compter le lundi de Pentecôte", () => {
    const ended = { status: "START_OF_TRAINING" as const, sessionStartDate: "2026-04-13", sessionEndDate: "2026-05-22" };
    expect(codes({ ...ended, today: "2026-05-28" })).toEqual([]); // mar. 26, mer. 27, jeu. 28
    expect(blockingReasons(facts({ ...ended, today: "2026-05-29" }))).toEqual([
      { code: "notEnded", message: "La session est terminée depuis plus de 3 jours ouvrés et le dossier n'est pas sorti de formation" },
    ]);
  });

  it("ne retient le retard que pour les statuts qui le subissent", () => {
    const longAgo = { sessionStartDate: "2025-01-06", sessionEndDate: "2025-03-28", today: "2026-06-01" };
    const byStatus = Object.fromEntries(
      (Object.keys(RECORD_STATUSES) as RecordStatus[]).map((status) => [status, codes({ ...longAgo, status })]),
    );
    expect(byStatus).toEqual({
      SETUP: ["notStarted"],
      VALIDATED: ["notStarted"],
      START_OF_TRAINING: ["notEnded"],
      END_OF_TRAINING: [],
      TERMINATED_FULLY_DONE: [],
      TERMINATED_PARTIALLY_DONE: [],
      TERMINATED_NOT_DONE: [],
      REJECTED: [],
    });
  });

  it("signale l'échec du dernier échange avec Agora quel que soit le statut, en premier", () => {
    for (const status of Object.keys(RECORD_STATUSES) as RecordStatus[]) {
      expect(codes({ status, lastAgoraExchangeFailed: true })[0]).toBe("lastExchangeFailed");
    }
    expect(blockingReasons(facts({ lastAgoraExchangeFailed: true, today: "2026-06-05" }))).toEqual([
      { code: "lastExchangeFailed", message: "Le dernier échange avec Agora a échoué" },
      { code: "notStarted", message: "La session a commencé depuis plus de 3 jours ouvrés et le dossier n'est pas entré en formation" },
    ]);
  });

  it("signale un contrôle avant envoi bloquant quel que soit le statut, après l'échec d'un échange", () => {
    for (const status of Object.keys(RECORD_STATUSES) as RecordStatus[]) {
      expect(codes({ status, qualityBlocking: true, sessionStartDate: "2030-01-07", sessionEndDate: "2030-02-01" })).toEqual(["qualityBlocking"]);
    }
    expect(codes({ qualityBlocking: true, lastAgoraExchangeFailed: true, sessionStartDate: "2030-01-07" })).toEqual([
      "lastExchangeFailed",
      "qualityBlocking",
    ]);
    expect(blockingReasons(facts({ qualityBlocking: true }))[0]?.message).toBe(
      "Un contrôle avant envoi à AGORA est bloquant : voir « Contrôles avant envoi à AGORA »",
    );
  });
});
