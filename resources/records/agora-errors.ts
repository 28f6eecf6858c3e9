/**
 * The external system's error catalogue (spec part 2 §8 "External-system errors"): code → French message → source entity.
 * One file, read by the AGORA simulator (its answers) and by the SPA ('Erreurs Agora': one line per message, with the hint of the
 * code's source and a link to that page; codes that no page fixes say what the user can do instead: retry, nothing, support). The five messages the spec quotes are verbatim, placeholders included ('[..]' is the
 * record's state, 'N' the number of months); the spec shows no other message nor source, so the rest is ours (README "Décisions"),
 * following its categories: NIR format, address line lengths, amounts (6 digits, a separator, 2 digits), durations, SIRET.
 */
import { z } from "zod";

export const AGORA_SOURCES = ["training", "session", "record", "trainee", "training_funding"] as const;
export type AgoraSource = (typeof AGORA_SOURCES)[number];

/** The hint shown under each message, by source (spec: 'Allez sur la page d'édition de ... pour corriger.'). */
export const AGORA_SOURCE_HINTS: Readonly<Record<AgoraSource, string>> = {
  training: "Allez sur la page d'édition de la formation pour corriger.",
  session: "Allez sur la page d'édition de la session pour corriger.",
  record: "Allez sur la page d'édition du dossier pour corriger.",
  trainee: "Allez sur la page d'édition du stagiaire pour corriger.",
  training_funding: "Allez sur la page d'édition des financeurs pour corriger.",
};

export interface AgoraCatalogueEntry {
  message: string;
  source: AgoraSource;
}

const e = (source: AgoraSource, message: string): AgoraCatalogueEntry => ({ source, message });

export const AGORA_ERRORS: Readonly<Record<number, AgoraCatalogueEntry>> = {
  1: e("record", "Le numéro de dossier est obligatoire"),
  2: e("record", "Le dossier est introuvable"),
  3: e("trainee", "Le NIR du titulaire est obligatoire"),
  4: e("trainee", "Le format du NIR du titulaire est invalide"),
  5: e("trainee", "Titulaire non trouvé"),
  29: e("trainee", "La date de naissance du titulaire ne correspond pas à son NIR"),
  34: e("trainee", "Le nom de naissance du titulaire ne correspond pas à son NIR"),
  40: e("trainee", "La ligne d'adresse 1 du titulaire ne doit pas dépasser 38 caractères"),
  41: e("trainee", "La ligne d'adresse 2 du titulaire ne doit pas dépasser 38 caractères"),
  42: e("trainee", "La ligne d'adresse 3 du titulaire ne doit pas dépasser 38 caractères"),
  43: e("training", "La ligne d'adresse 1 du lieu de formation ne doit pas dépasser 70 caractères"),
  44: e("training", "La ligne d'adresse 2 du lieu de formation ne doit pas dépasser 70 caractères"),
  45: e("training", "La ligne d'adresse 3 du lieu de formation ne doit pas dépasser 70 caractères"),
  46: e("training", "Le code postal du lieu de formation doit comporter 5 chiffres"),
  47: e("training", "La commune du lieu de formation est inconnue"),
  48: e("training", "Le numéro de voie du lieu de formation ne doit pas dépasser 4 caractères"),
  49: e("training", "Le libellé de voie du lieu de formation ne doit pas dépasser 32 caractères"),
  63: e("training", "Le SIRET de l'organisme de formation doit comporter 14 caractères"),
  69: e("training_funding", "Le SIRET du financeur doit comporter 14 caractères"),
  97: e("training_funding", "Le montant HT doit comporter au plus 6 chiffres, un séparateur et 2 chiffres (999999,99 au plus)"),
  98: e("training_funding", "Le montant TTC doit comporter au plus 6 chiffres, un séparateur et 2 chiffres (999999,99 au plus)"),
  99: e("training_funding", "Le montant de la subvention doit comporter au plus 6 chiffres, un séparateur et 2 chiffres (999999,99 au plus)"),
  106: e("training", "La durée prévisionnelle en centre ne doit pas dépasser 99999 heures"),
  107: e("training", "La durée prévisionnelle en entreprise ne doit pas dépasser 99999 heures"),
  131: e("session", "Le prix par stagiaire doit comporter au plus 6 chiffres, un séparateur et 2 chiffres (999999,99 au plus)"),
  145: e("record", "Opération non autorisée sur le dossier à l'état [..]"),
  153: e("session", "La date de début de la session est obligatoire"),
  158: e("session", "La date de fin de la session doit être postérieure ou égale à sa date de début"),
  172: e("session", "La capacité de la session ne doit pas dépasser 99999"),
  178: e("session", "L'unité d'achat de la session est inconnue"),
  209: e("record", "Le motif de rejet est obligatoire"),
  214: e("record", "Le motif de rejet est inconnu"),
  216: e("record", "Le motif de sortie est inconnu"),
  264: e("record", "La date d'entrée réelle est obligatoire"),
  268: e("record", "La date de sortie réelle doit être postérieure ou égale à la date d'entrée réelle"),
  272: e("record", "Le SIRET de l'employeur doit comporter 14 caractères"),
  273: e("record", "Le numéro URSSAF de l'employeur doit comporter 14 caractères"),
  275: e("record", "Le statut d'emploi ne correspond pas à la situation professionnelle"),
  280: e("training_funding", "Le type de financeur est inconnu"),
  1001: e("record", "Un dossier existe déjà pour ce titulaire sur cette session"),
  1002: e("session", "La session est introuvable"),
  1003: e("training", "La formation est introuvable"),
  1004: e("training", "L'action de formation est close"),
  1005: e("training", "Le numéro de formation est obligatoire"),
  1006: e("training", "Le numéro d'action est obligatoire"),
  1007: e("training", "L'intitulé de la formation ne doit pas dépasser 255 caractères"),
  1008: e("training", "L'objectif de la formation est inconnu"),
  1009: e("training", "Le dispositif de la formation est inconnu"),
  1010: e("training", "Le type de la formation est inconnu"),
  1011: e("training", "L'organisme de formation est inconnu"),
  1012: e("training", "L'organisme commanditaire est inconnu"),
  1013: e("session", "La date de début de la session doit être comprise dans la période de l'action"),
  1014: e("session", "La date de fin de la session doit être comprise dans la période de l'action"),
  1015: e("session", "La session est complète"),
  1016: e("session", "La nature du coût pédagogique de la session est inconnue"),
  1017: e("trainee", "Le titulaire est signalé décédé"),
  1018: e("trainee", "Le titulaire est mineur : l'accord de son représentant légal est requis"),
  1019: e("trainee", "Le prénom du titulaire est obligatoire"),
  1020: e("trainee", "Le nom du titulaire ne doit pas dépasser 50 caractères"),
  1021: e("trainee", "L'adresse e-mail du titulaire n'est pas valide"),
  1022: e("trainee", "Le code postal du titulaire doit comporter 5 chiffres"),
  1023: e("trainee", "Le titulaire a déjà un dossier en cours sur une autre session"),
  1024: e("record", "Le statut du dossier ne permet pas d'effectuer cette action"),
  1025: e("record", "La date d'entrée réelle doit être comprise dans la période de la session"),
  1026: e("record", "La date de sortie réelle doit être comprise dans la période de la session"),
  1027: e("record", "La date de sortie réelle est obligatoire pour sortir de formation"),
  1028: e("record", "Le motif de sortie est obligatoire pour clôturer le dossier"),
  1029: e("record", "Vous avez déjà apporté une réponse pour ce dossier"),
  1030: e("record", "Le niveau d'études est obligatoire"),
  1031: e("record", "La situation professionnelle est obligatoire pour une formation sanitaire et sociale"),
  1032: e("record", "Le statut d'emploi est obligatoire"),
  1033: e("record", "Le type de contrat est obligatoire pour un salarié"),
  1034: e("record", "La catégorie socioprofessionnelle est obligatoire pour un salarié"),
  1035: e("record", "La catégorie d'employeur est obligatoire pour un salarié"),
  1036: e("record", "L'obligation d'emploi est obligatoire"),
  1037: e("record", "La date de début du stage est obligatoire"),
  1038: e("record", "La date de fin du stage doit être postérieure ou égale à sa date de début"),
  1039: e("training_funding", "Aucun financeur n'est renseigné pour la formation"),
  1040: e("training_funding", "Le montant estimé pris en charge dépasse le coût de la formation"),
  1041: e("training_funding", "La source de financement ne correspond pas au type de financeur"),
  1042: e("training_funding", "Un financement régional est obligatoire pour ce dispositif"),
  1043: e("training_funding", "Le total des financements ne correspond pas au prix de la session"),
  1044: e("training", "Le code CPF de la formation est invalide"),
  1045: e("training", "Le lieu de formation est obligatoire"),
  1046: e("record", "Le dossier n'est pas encore validé"),
  1047: e("record", "Opération impossible sur un dossier clos depuis plus de N mois"),
  1048: e("record", "Le dossier a été rejeté : il ne peut plus être modifié"),
  1049: e("record", "Le dossier a été clôturé : il ne peut plus être modifié"),
  1050: e("session", "La session n'a pas commencé : l'entrée en formation est impossible"),
  1051: e("session", "La session n'est pas terminée : la clôture avec réalisation totale est impossible"),
  1052: e("session", "Le prix de la session est obligatoire"),
  1053: e("training", "Le numéro de marché de la formation est invalide"),
  1054: e("training", "Le SIRET de l'organisme de formation est inconnu du répertoire des entreprises"),
  1055: e("trainee", "Le NIR du titulaire est provisoire : il doit être confirmé"),
  1056: e("trainee", "Le titulaire n'est pas éligible au dispositif de la formation"),
  1057: e("training", "La durée réalisée ne doit pas dépasser la durée prévue"),
  1058: e("record", "Le service Agora est momentanément indisponible"),
  1059: e("record", "Le délai de réponse d'Agora est dépassé"),
  99999: e("record", "Une erreur technique est survenue dans Agora, veuillez réessayer plus tard"),
};

/** What went wrong: refused by AGORA's rules, AGORA failing (unreachable, 99999), or our data-quality gate before any push (design.md). */
export const AGORA_ERROR_TYPES = ["functional", "technical", "quality"] as const;
export type AgoraErrorType = (typeof AGORA_ERROR_TYPES)[number];

/** `details.agora` of a 422 (design.md "API contract"): the message is a string or a list (spec §8). */
export const agoraErrorDetails = z.strictObject({
  type: z.enum(AGORA_ERROR_TYPES),
  code: z.number().int(),
  message: z.union([z.string(), z.array(z.string())]),
});
export type AgoraErrorDetails = z.output<typeof agoraErrorDetails>;

/** The source of a code, for the hint; a code outside the catalogue is about the record (the only page every user of it can open). */
export const agoraSourceOf = (code: number): AgoraSource => AGORA_ERRORS[code]?.source ?? "record";

/**
 * The ids an 'Erreurs Agora' link needs: the record's own and those of its trainee, session and training, and the record's file
 * number for the support. The record wizard has no record yet: without `recordId`, a record-sourced hint has no page to link to.
 */
export interface AgoraLinkIds {
  recordId?: string;
  agoraId?: string;
  traineeId: string;
  sessionId: string;
  trainingId: string;
}

/** The edit page a source's hint links to (the funders are the training edit page's 'Financeurs' tab); none for a record not yet created. */
export function agoraSourcePath(source: AgoraSource, ids: AgoraLinkIds): string | undefined {
  switch (source) {
    case "training":
      return `/trainings/${ids.trainingId}/edit`;
    case "training_funding":
      return `/trainings/${ids.trainingId}/edit?tab=financeurs`;
    case "session":
      return `/sessions/${ids.sessionId}/edit`;
    case "trainee":
      return `/trainees/${ids.traineeId}/edit`;
    case "record":
      return ids.recordId ? `/records/${ids.recordId}/edit` : undefined;
  }
}

/**
 * What a user can do about a code that no edit page fixes: AGORA failing (retry later), a status that does not allow the action
 * (nothing to fix), a record closed in AGORA (nothing possible), a session not started or not ended yet (wait), or a state only
 * AGORA's support can untangle (contact it with the file number).
 */
export type AgoraRemedy = "retry" | "status" | "closed" | "waitStart" | "waitEnd" | "support";

export const AGORA_REMEDIES: Readonly<Record<number, AgoraRemedy>> = {
  2: "support",
  145: "status",
  1001: "support",
  1002: "support",
  1003: "support",
  1004: "support",
  1017: "support",
  1018: "support",
  1023: "support",
  1024: "support",
  1029: "status",
  1046: "status",
  1047: "closed",
  1048: "closed",
  1049: "closed",
  1050: "waitStart",
  1051: "waitEnd",
  1058: "retry",
  1059: "retry",
  99999: "retry",
};

export const AGORA_REMEDY_HINTS = {
  retry: "Agora n'a pas pu traiter la demande : rien n'est à corriger, réessayez plus tard.",
  status: "Rien n'est à corriger : le statut du dossier dans Agora ne permet pas cette action. Rechargez la page pour voir son statut actuel.",
  closed: "Aucune correction n'est possible : le dossier est clos dans Agora et ne peut plus être modifié.",
  waitStart: "Rien n'est à corriger : l'entrée en formation sera possible une fois la session commencée.",
  waitEnd: "Rien n'est à corriger : la clôture avec réalisation totale sera possible une fois la session terminée.",
  support: (agoraId?: string) =>
    agoraId
      ? `Rien n'est à corriger ici : contactez le support d'Agora en indiquant le n° de dossier ${agoraId}.`
      : "Rien n'est à corriger ici : contactez le support d'Agora en indiquant le stagiaire et la session.",
} as const;

/** The hint under a message of this code, and the page it links to when that page can fix it. */
export interface AgoraHint {
  text: string;
  path?: string;
}

export function agoraHint(code: number, ids: AgoraLinkIds): AgoraHint {
  const remedy = AGORA_REMEDIES[code];
  if (remedy === "support") return { text: AGORA_REMEDY_HINTS.support(ids.agoraId) };
  if (remedy) return { text: AGORA_REMEDY_HINTS[remedy] };
  const source = agoraSourceOf(code);
  const path = agoraSourcePath(source, ids);
  // A record's own data before the record exists (the wizard): no page can fix it yet.
  return path ? { text: AGORA_SOURCE_HINTS[source], path } : { text: AGORA_REMEDY_HINTS.support(ids.agoraId) };
}

/** One line per message ('Erreurs Agora'): a list stays a list, a single message becomes a list of one. */
export const agoraMessageLines = (details: Pick<AgoraErrorDetails, "message">): string[] =>
  Array.isArray(details.message) ? details.message : [details.message];

/** The catalogue message with its placeholders filled: the record's state for '[..]' (code 145), the months for 'N' (code 1047). */
export function agoraMessage(code: number, fill: { state?: string; months?: number } = {}): string {
  const message = AGORA_ERRORS[code]?.message ?? AGORA_ERRORS[99999]!.message;
  if (code === 145 && fill.state !== undefined) return message.replace("[..]", fill.state);
  if (code === 1047 && fill.months !== undefined) return message.replace(" N ", ` ${fill.months} `);
  return message;
}
