import { z } from "zod";
import { addressAnswer, addressSchema, emptyAddress } from "../common/address";
import { MSG } from "../common/messages";
import { optionalEmail, optionalExact, requiredText, toUpper } from "../common/strings";
import { isoTimestamp } from "../common/wire";

/** Messages of the organisation screens and API (spec part 1 §8), verbatim where the spec quotes them. */
export const ORGANIZATION_MSG = {
  empty: "Aucun organisme disponible",
  notFound: "L'organisme n'existe pas",
  showFailed: "Une erreur est survenue lors de la consultation de l'organisme",
  createFailed: "Une erreur est survenue lors de la création",
  updateFailed: "Une erreur est survenue lors de la modification.",
  siretLocked: "Ce SIRET ne peut pas être modifié.",
  siretTaken: "Ce SIRET est déjà utilisé par un autre organisme.",
  hasEmployees: (n: number) =>
    `Cet organisme ne peut pas être supprimé : ${n} employé${n > 1 ? "s y sont rattachés" : " y est rattaché"}.`,
  hasTrainings: (n: number) =>
    `Cet organisme ne peut pas être supprimé : ${n} formation${n > 1 ? "s y sont rattachées" : " y est rattachée"}.`,
  stillReferenced: "Cet organisme ne peut pas être supprimé : des données y sont encore rattachées.",
  searchFailed: "Une erreur est survenue lors de la recherche d'organismes",
} as const;

/** Body of POST and PATCH /api/organizations (the form's values, after normalisation). */
export const organizationSchema = z.object({
  name: requiredText(2, 100).transform(toUpper),
  siret: z.string({ error: MSG.required }).trim().min(1, MSG.required).length(14, MSG.exactLength(14)),
  email: optionalEmail(),
  phoneNumber: optionalExact(10),
  address: addressSchema.nullable().default(emptyAddress),
});
export type OrganizationInput = z.input<typeof organizationSchema>;
export type OrganizationValues = z.output<typeof organizationSchema>;

export const emptyOrganization = (): OrganizationInput => ({
  name: "",
  siret: "",
  email: "",
  phoneNumber: "",
  address: emptyAddress(),
});

/* ---------- Answers (resources/common/wire.ts): the SPA's types are their outputs ---------- */

/** An employee of the organisation, as its detail lists them. */
export const organizationEmployeeAnswer = z.strictObject({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
});

/** An item of GET /api/organizations for the roles that list them: the detail without the employees. */
export const organizationListItemAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  siret: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: addressAnswer.nullable(),
  employeesCount: z.number().int(),
  createdDate: isoTimestamp,
  updatedDate: isoTimestamp,
});
export type OrganizationListItem = z.output<typeof organizationListItemAnswer>;

/** An organisation named by id, name and SIRET: the items of GET /api/organizations for roles that only pick one, a training's sides. */
export const organizationRefAnswer = z.strictObject({ id: z.string(), name: z.string(), siret: z.string() });
export type OrganizationChoice = z.output<typeof organizationRefAnswer>;

/** GET /api/organizations/{id}, and the answer of POST and PATCH. */
export const organizationAnswer = organizationListItemAnswer.extend({ employees: z.array(organizationEmployeeAnswer) });
export type Organization = z.output<typeof organizationAnswer>;

/** The five organisations with a logo (spec: "a fixed map of five SIRET values to images"). */
export const ORGANIZATION_LOGOS: Readonly<Record<string, string>> = {
  "82409153600014": "/logos/afpa-idf.svg",
  "23750007900312": "/logos/region-idf.svg",
  "13000548100010": "/logos/france-travail.svg",
  "19750003700019": "/logos/cnam.svg",
  "85332164800026": "/logos/opco-sante.svg",
};
