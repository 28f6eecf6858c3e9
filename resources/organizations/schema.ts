import { z } from "zod";
import { addressSchema, emptyAddress, type Address } from "../common/address";
import { MSG } from "../common/messages";
import { optionalEmail, optionalExact, requiredText, toUpper } from "../common/strings";

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

export interface OrganizationEmployee {
  id: string;
  firstName: string;
  lastName: string;
  roleId: string;
  roleName: string;
}

/** GET /api/organizations/{id} (dates are ISO strings on the wire, Date objects once through the data provider). */
export interface Organization {
  id: string;
  name: string;
  siret: string;
  email: string | null;
  phoneNumber: string | null;
  address: Address | null;
  employeesCount: number;
  employees: OrganizationEmployee[];
  createdDate: string | Date;
  updatedDate: string | Date;
}

/** An item of GET /api/organizations: the detail without the employees. */
export type OrganizationListItem = Omit<Organization, "employees">;

/** The five organisations with a logo (spec: "a fixed map of five SIRET values to images"). */
export const ORGANIZATION_LOGOS: Readonly<Record<string, string>> = {
  "82409153600017": "/logos/afpa-idf.svg",
  "23750007900312": "/logos/region-idf.svg",
  "13000548100010": "/logos/france-travail.svg",
  "19750003700018": "/logos/cnam.svg",
  "85332164800024": "/logos/opco-sante.svg",
};
