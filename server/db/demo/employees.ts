import type { RoleId } from "../../../resources/permissions";
import { hashPassword } from "../../auth/passwords";
import type { Executor } from "../connection";
import { newId } from "../ids";
import { employeeOrganizations, employees } from "../schema/index";
import type { DemoOrganizationKey } from "./organizations";

export const DEMO_PASSWORD = "Demo-2026!";

type DemoEmployee = { email: string; roleId: RoleId; firstName: string; lastName: string; gender: "MALE" | "FEMALE"; org: DemoOrganizationKey };

/** One sign-in per role (README lists them): OF roles in a training organisation, CDC roles in a contracting body. */
export const DEMO_LOGINS: DemoEmployee[] = [
  { email: "superadmin@demo.test", roleId: "rol_sup-admin", firstName: "Sophie", lastName: "MARTIN", gender: "FEMALE", org: "cdc-main" },
  { email: "admin@demo.test", roleId: "rol_admin", firstName: "Hélène", lastName: "LEFÈVRE", gender: "FEMALE", org: "cdc-main" },
  { email: "resp-of@demo.test", roleId: "rol_resp-of", firstName: "Jean-Pierre", lastName: "DUPONT", gender: "MALE", org: "of-main" },
  { email: "gest-of@demo.test", roleId: "rol_gest-of", firstName: "Camille", lastName: "BERNARD", gender: "FEMALE", org: "of-main" },
  { email: "resp-cdc@demo.test", roleId: "rol_resp-cdc", firstName: "Olivier", lastName: "ROUSSEAU", gender: "MALE", org: "cdc-main" },
  { email: "gest-cdc@demo.test", roleId: "rol_gest-cdc", firstName: "Nadia", lastName: "BENALI", gender: "FEMALE", org: "cdc-main" },
  { email: "gest-cdcss@demo.test", roleId: "rol_gest-cdcss", firstName: "Thomas", lastName: "GIRAUD", gender: "MALE", org: "cdc-main" },
];

/** Colleagues without a password (they would set one through the reset flow), spread over the demo organisations. */
const DEMO_STAFF: DemoEmployee[] = [
  { email: "lucie.moreau@afpa-idf.demo.test", roleId: "rol_gest-of", firstName: "Lucie", lastName: "MOREAU", gender: "FEMALE", org: "of-main" },
  { email: "karim.haddad@afpa-idf.demo.test", roleId: "rol_gest-of", firstName: "Karim", lastName: "HADDAD", gender: "MALE", org: "of-main" },
  { email: "anne-sophie.leroy@cnam.demo.test", roleId: "rol_resp-of", firstName: "Anne-Sophie", lastName: "LEROY", gender: "FEMALE", org: "of-cnam" },
  { email: "marc.petit@cnam.demo.test", roleId: "rol_gest-of", firstName: "Marc", lastName: "PETIT", gender: "MALE", org: "of-cnam" },
  { email: "elodie.garnier@greta-lyon.demo.test", roleId: "rol_resp-of", firstName: "Élodie", lastName: "GARNIER", gender: "FEMALE", org: "of-greta-lyon" },
  { email: "bruno.faure@greta-lyon.demo.test", roleId: "rol_gest-of", firstName: "Bruno", lastName: "FAURE", gender: "MALE", org: "of-greta-lyon" },
  { email: "ines.mercier@metiers-nantes.demo.test", roleId: "rol_resp-of", firstName: "Inès", lastName: "MERCIER", gender: "FEMALE", org: "of-cfa-nantes" },
  { email: "yann.le-goff@metiers-nantes.demo.test", roleId: "rol_gest-of", firstName: "Yann", lastName: "LE GOFF", gender: "MALE", org: "of-cfa-nantes" },
  { email: "claire.dubois@chu-lille.demo.test", roleId: "rol_resp-of", firstName: "Claire", lastName: "DUBOIS", gender: "FEMALE", org: "of-ifsi-lille" },
  { email: "julien.roux@cci-bordeaux.demo.test", roleId: "rol_resp-of", firstName: "Julien", lastName: "ROUX", gender: "MALE", org: "of-cci-bordeaux" },
  { email: "manon.fournier@btp-normandie.demo.test", roleId: "rol_resp-of", firstName: "Manon", lastName: "FOURNIER", gender: "FEMALE", org: "of-batiment-rouen" },
  { email: "paul.vincent@numerique-occitanie.demo.test", roleId: "rol_resp-of", firstName: "Paul", lastName: "VINCENT", gender: "MALE", org: "of-numerique-toulouse" },
  { email: "sarah.lambert@numerique-occitanie.demo.test", roleId: "rol_gest-of", firstName: "Sarah", lastName: "LAMBERT", gender: "FEMALE", org: "of-numerique-toulouse" },
  { email: "francois.chevalier@region-idf.demo.test", roleId: "rol_gest-cdc", firstName: "François", lastName: "CHEVALIER", gender: "MALE", org: "cdc-main" },
  { email: "amelie.robin@francetravail.demo.test", roleId: "rol_resp-cdc", firstName: "Amélie", lastName: "ROBIN", gender: "FEMALE", org: "cdc-france-travail" },
  { email: "david.nguyen@francetravail.demo.test", roleId: "rol_gest-cdc", firstName: "David", lastName: "NGUYEN", gender: "MALE", org: "cdc-france-travail" },
  { email: "laure.perrin@opco-sante.demo.test", roleId: "rol_resp-cdc", firstName: "Laure", lastName: "PERRIN", gender: "FEMALE", org: "cdc-opco-sante" },
  { email: "mehdi.benkhelifa@opco-sante.demo.test", roleId: "rol_gest-cdcss", firstName: "Mehdi", lastName: "BENKHELIFA", gender: "MALE", org: "cdc-opco-sante" },
  { email: "nathalie.blanc@hautsdefrance.demo.test", roleId: "rol_resp-cdc", firstName: "Nathalie", lastName: "BLANC", gender: "FEMALE", org: "cdc-region-hdf" },
  { email: "pierre-louis.andre@auvergnerhonealpes.demo.test", roleId: "rol_resp-cdc", firstName: "Pierre-Louis", lastName: "ANDRÉ", gender: "MALE", org: "cdc-region-ara" },
  { email: "chloe.gauthier@auvergnerhonealpes.demo.test", roleId: "rol_gest-cdc", firstName: "Chloé", lastName: "GAUTHIER", gender: "FEMALE", org: "cdc-region-ara" },
  { email: "romain.masson@agefiph.demo.test", roleId: "rol_gest-cdc", firstName: "Romain", lastName: "MASSON", gender: "MALE", org: "cdc-agefiph" },
  { email: "aurelie.henry@gironde.demo.test", roleId: "rol_gest-cdcss", firstName: "Aurélie", lastName: "HENRY", gender: "FEMALE", org: "cdc-departement-gironde" },
];

export async function seedEmployees(db: Executor, orgIds: Record<string, string>): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const everyone = [...DEMO_LOGINS.map((e) => ({ ...e, passwordHash })), ...DEMO_STAFF.map((e) => ({ ...e, passwordHash: null }))];
  for (const { org, ...employee } of everyone) {
    const id = newId();
    await db.insert(employees).values({ id, ...employee, phoneNumber: null });
    await db.insert(employeeOrganizations).values({ employeeId: id, organizationId: orgIds[org]! });
  }
}
