import { z } from "zod";
import { enumValues } from "../common/enum";
import { GENDERS, type Gender } from "../common/gender";
import { MSG } from "../common/messages";
import { isoTimestamp, namedRef } from "../common/wire";
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

export { GENDERS, type Gender };

const personName = (normalise: (v: string) => string) => requiredText(2, 50).transform(normalise);

const fields = {
  firstName: personName(capitalizeWords),
  lastName: personName(toUpper),
  // E-mails are compared and stored lower-cased: the sign-in is case-insensitive.
  email: requiredEmail().transform((v) => v.toLowerCase()),
  phoneNumber: optionalExact(10),
  gender: z.enum(enumValues(GENDERS), { error: MSG.required }),
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

/* ---------- Answers (resources/common/wire.ts): the SPA's types are their outputs ---------- */

/** A role as answers name it; a stored id the product does not know is refused rather than passed on. */
export const roleAnswer = z.strictObject({ id: z.string().pipe(z.enum(ROLE_IDS)), name: z.string() });

/** GET /api/employees/{id}, the items of GET /api/employees, and the answer of POST and PATCH. */
export const employeeAnswer = z.strictObject({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  gender: z.enum(enumValues(GENDERS)),
  role: roleAnswer,
  organizations: z.array(namedRef),
  createdDate: isoTimestamp,
  updatedDate: isoTimestamp,
});
export type Employee = z.output<typeof employeeAnswer>;

/** GET /api/users/me: the signed-in user, an employee. */
export const currentUserAnswer = employeeAnswer.extend({ type: z.literal("EMPLOYEE") });
export type CurrentUser = z.output<typeof currentUserAnswer>;
