import { z } from "zod";
import { MSG } from "../common/messages";
import { capitalizeWords, optionalExact, requiredEmail, requiredText, toUpper } from "../common/strings";
import { ROLE_IDS, type RoleId } from "../permissions";

/** Messages of the employee screens and API (spec part 1 §5, §8), verbatim where the spec quotes them. */
export const EMPLOYEE_MSG = {
  empty: "Aucun employé disponible",
  atLeastOneOrganization: "Au moins un organisme doit être associé",
  emailTaken: "Ce mail est déjà utilisé pour un autre employé.",
  createFailed: "Une erreur est survenue lors de la création.",
  saveFailed: "Une erreur est survenue lors de la sauvegarde.",
  notFound: "L'employé n'existe pas",
  showFailed: "Une erreur est survenue lors de la consultation de l'employé",
  rolesFailed: "Une erreur est survenue lors de la récupération des rôles",
  selfDelete: "Vous ne pouvez pas supprimer votre propre compte.",
  roleNotAssignable: "Vous ne pouvez pas attribuer ce rôle.",
  organizationNotAssignable: "Vous ne pouvez associer que vos propres organismes.",
  sharedOutsideScope: "Cet employé est aussi rattaché à des organismes hors de votre périmètre : seul un administrateur peut le modifier.",
  unknownOrganization: "Cet organisme n'existe pas.",
} as const;

import { GENDERS, type Gender } from "../common/gender";

export { GENDERS, type Gender };

const personName = (normalise: (v: string) => string) => requiredText(2, 50).transform(normalise);

const fields = {
  firstName: personName(capitalizeWords),
  lastName: personName(toUpper),
  // E-mails are compared and stored lower-cased: the sign-in is case-insensitive.
  email: requiredEmail().transform((v) => v.toLowerCase()),
  phoneNumber: optionalExact(10),
  gender: z.enum(["MALE", "FEMALE"], { error: MSG.required }),
  roleId: z.enum(ROLE_IDS, { error: MSG.required }),
  organizationIds: z
    .array(z.string().min(1).max(64), { error: EMPLOYEE_MSG.atLeastOneOrganization })
    .min(1, EMPLOYEE_MSG.atLeastOneOrganization)
    .max(50)
    .transform((ids) => [...new Set(ids)]),
};

/** Body of POST /api/employees and the creation wizard's values. */
export const employeeSchema = z.object(fields);
/** Body of PATCH /api/employees/{id}: the spec's PATCH carries no gender; it is accepted when sent. */
export const employeeUpdateSchema = z.object({ ...fields, gender: fields.gender.optional() });

export type EmployeeInput = z.input<typeof employeeSchema>;
export type EmployeeValues = z.output<typeof employeeSchema>;
export type EmployeeUpdateInput = z.input<typeof employeeUpdateSchema>;
export type EmployeeUpdateValues = z.output<typeof employeeUpdateSchema>;

export const emptyEmployee = (): EmployeeInput => ({
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  // The select needs a value type; an empty string fails the enum with "Ce champ est obligatoire".
  gender: "" as Gender,
  roleId: "" as RoleId,
  organizationIds: [],
});

/** GET /api/employees/{id} and the items of GET /api/employees. */
export interface Employee {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  gender: Gender;
  role: { id: RoleId; name: string };
  organizations: { id: string; name: string }[];
  createdDate: string | Date;
  updatedDate: string | Date;
}

export const employeeFullName = (e: Pick<Employee, "firstName" | "lastName">) => `${e.lastName} ${e.firstName}`;
