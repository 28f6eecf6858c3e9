import { describe, expect, it } from "vitest";
import { RECORD_MSG } from "../../resources/records/messages";
import { enumOptions } from "../../resources/common/enum";
import {
  CONTRACT_TYPES,
  EXIT_REASONS,
  REJECTION_REASONS,
  RECORD_STATUSES,
  jobStatusesFor,
} from "../../resources/records/enums";

describe("record messages", () => {
  it("quotes the spec verbatim, typo included", () => {
    expect(RECORD_MSG).toMatchObject({
      blockingListTitle: "Dossiers de formation bloquants",
      blockingToggle: "Rechercher les dossiers bloquants",
      empty: "Aucun dossier de formation disponible",
      notFound: "Le dossier de formation n'existe pas",
      showError: "Une erreur est survenue lors de la consultation du dossier de formation",
      createTitle: "Création d'un dossier de formation",
      sessionsLoadError: "Une erreur est survenue lors de la récupération de sessions",
      trainingsLoadError: "Une erreur est survenue lors de la récupération de formations",
      saveError: "Une erreur est survenue lors de la sauvegarde",
      endBeforeStart: "La date de fin doit être postérieure ou égale à la date de début",
      statusModalTitle: "Mise à jour du statut du dossier de formation",
      reasonRequired: "Ce champs est obligatoire",
      statusError: "Une erreur est survenue lors de la mise à jour du statut",
      repushMenu: "Mise à jour Agora",
      repushSuccess: "Le dossier a été mis à jour avec succès",
      close: "Fermer",
      agoraErrorsTitle: "Erreurs Agora",
      listError: "Une erreur est survenue lors de la recherche",
    });
  });
});

describe("record enumerations", () => {
  it("keep the spec's values", () => {
    expect(Object.keys(RECORD_STATUSES)).toHaveLength(8);
    for (const value of ["NonEligibleTraining", "IncompleteFile", "NoResponseFromProvider", "Other", "DuplicateFile"])
      expect(REJECTION_REASONS).toHaveProperty(value);
    for (const value of ["ExclusionOfHolder", "Death", "ChangeOfTrainingProviderDuringTraining", "UnknownReason"])
      expect(EXIT_REASONS).toHaveProperty(value);
    expect(Object.keys(CONTRACT_TYPES).sort()).toEqual(
      ["CDD", "CDI", "Apprenticeship", "Professionalization", "Temporary", "Other", "CDDT", "CMTT", "InformationNotDisclosed"].sort(),
    );
  });

  it("put 'Autre' last in the option lists", () => {
    expect(enumOptions(REJECTION_REASONS).at(-1)?.label).toBe("Autre");
    expect(enumOptions(EXIT_REASONS).at(-1)?.label).toBe("Autre");
  });

  it("split the job statuses by professional situation", () => {
    expect(jobStatusesFor("Looking")).toEqual([
      "RegisteredJobSeeker",
      "UnregisteredJobSeeker",
      "UnknownStatus",
      "ProfessionalSecurityContract",
    ]);
    expect(jobStatusesFor("Employed")).toContain("Employee");
    expect(jobStatusesFor("Employed")).not.toContain("RegisteredJobSeeker");
    expect(jobStatusesFor(null)).toHaveLength(jobStatusesFor("Looking").length + jobStatusesFor("Employed").length);
  });
});
