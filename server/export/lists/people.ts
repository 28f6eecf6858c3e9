/**
 * The exports of the people lists: employees, organisations, trainees. Columns: what each list shows, split for a spreadsheet
 * (name and first name apart), plus what identifies a row (e-mail, phone, postal code and city), French headings, enumerations
 * as their French labels. The NIR is in the trainees' export only, for the roles that manage trainees (README « Décisions »).
 */
import { sql } from "drizzle-orm";
import { DEPARTMENTS } from "../../../resources/common/departments";
import { GENDERS } from "../../../resources/common/gender";
import { can, ROLE_NAMES } from "../../../resources/permissions";
import { SITUATIONS } from "../../../resources/trainees/schema";
import { employeeOrganizations, employees, organizations, trainees } from "../../db/schema/index";
import type { EmployeeListQuery } from "../../../resources/employees/list-query";
import type { OrganizationListQuery } from "../../../resources/organizations/list-query";
import type { TraineeListQuery } from "../../../resources/trainees/list-query";
import { employeesListSelection } from "../../repositories/employees";
import { organizationsListSelection } from "../../repositories/organizations";
import { traineesListSelection } from "../../repositories/trainees";
import { dateTimeCell, dayCell, labelCell, numberCell, textCell, yesNoCell, type ExportColumn } from "../cells";
import { franceDateTime, selected, type ListExport } from "../list-export";

const UPDATED = "Dernière mise à jour";

interface EmployeeRow {
  lastName: string;
  firstName: string;
  email: string;
  phoneNumber: string | null;
  gender: string;
  roleId: string;
  organizations: string | null;
  updated: string;
}

const employeeColumns: ExportColumn<EmployeeRow>[] = [
  { header: "Nom", width: 20, cell: (r) => textCell(r.lastName) },
  { header: "Prénom", width: 18, cell: (r) => textCell(r.firstName) },
  { header: "E-mail", width: 30, cell: (r) => textCell(r.email) },
  { header: "Téléphone", width: 14, cell: (r) => textCell(r.phoneNumber) },
  { header: "Genre", width: 8, cell: (r) => labelCell(GENDERS, r.gender) },
  { header: "Rôle", width: 24, cell: (r) => labelCell(ROLE_NAMES, r.roleId) },
  { header: "Organismes", width: 40, cell: (r) => textCell(r.organizations) },
  { header: UPDATED, width: 16, cell: (r) => dateTimeCell(r.updated) },
];

export const employeesExport: ListExport<EmployeeListQuery, EmployeeRow> = {
  resource: "employees",
  fileStem: "employes",
  description: "Les employés de la liste",
  layout: () => ({ sheetName: "Employés", columns: employeeColumns }),
  select: (caller, query) => sql`
    select ${employees.lastName} as "lastName", ${employees.firstName} as "firstName", ${employees.email} as "email",
      ${employees.phoneNumber} as "phoneNumber", ${employees.gender} as "gender", ${employees.roleId} as "roleId",
      (select string_agg(o.name, ', ' order by o.name collate "fr_icu", o.id) from ${employeeOrganizations} eo
        join ${organizations} o on o.id = eo.organization_id where eo.employee_id = ${employees.id}) as "organizations",
      ${franceDateTime(employees.updatedAt)} as "updated"
    from ${employees} ${selected(employees, employeesListSelection(caller, query))}`,
};

interface OrganizationRow {
  name: string;
  siret: string;
  email: string | null;
  phoneNumber: string | null;
  zipCode: string | null;
  city: string | null;
  employeesCount: number;
  updated: string;
}

const organizationColumns: ExportColumn<OrganizationRow>[] = [
  { header: "Nom", width: 36, cell: (r) => textCell(r.name) },
  { header: "SIRET", width: 16, cell: (r) => textCell(r.siret) },
  { header: "E-mail", width: 30, cell: (r) => textCell(r.email) },
  { header: "Téléphone", width: 14, cell: (r) => textCell(r.phoneNumber) },
  { header: "Code postal", width: 10, cell: (r) => textCell(r.zipCode) },
  { header: "Ville", width: 20, cell: (r) => textCell(r.city) },
  { header: "Employés", width: 10, cell: (r) => numberCell(r.employeesCount) },
  { header: UPDATED, width: 16, cell: (r) => dateTimeCell(r.updated) },
];

export const organizationsExport: ListExport<OrganizationListQuery, OrganizationRow> = {
  resource: "organizations",
  fileStem: "organismes",
  description: "Les organismes de la liste",
  layout: () => ({ sheetName: "Organismes", columns: organizationColumns }),
  select: (caller, query) => sql`
    select ${organizations.name} as "name", ${organizations.siret} as "siret", ${organizations.email} as "email",
      ${organizations.phoneNumber} as "phoneNumber", ${organizations.address} ->> 'zipCode' as "zipCode",
      ${organizations.address} ->> 'city' as "city",
      (select count(*)::int from ${employeeOrganizations} eo where eo.organization_id = ${organizations.id}) as "employeesCount",
      ${franceDateTime(organizations.updatedAt)} as "updated"
    from ${organizations} ${selected(organizations, organizationsListSelection(caller, query))}`,
};

interface TraineeRow {
  birthName: string;
  lastName: string;
  firstName: string;
  ssn?: string;
  birthDate: string;
  gender: string;
  email: string;
  phoneNumber: string | null;
  zipCode: string;
  city: string;
  department: string | null;
  situation: string | null;
  bornInFrance: boolean;
  updated: string;
}

const SSN_COLUMN: ExportColumn<TraineeRow> = { header: "NIR", width: 16, cell: (r) => textCell(r.ssn) };

const traineeColumns = (withSsn: boolean): ExportColumn<TraineeRow>[] => [
  { header: "Nom de naissance", width: 20, cell: (r) => textCell(r.birthName) },
  { header: "Prénom", width: 18, cell: (r) => textCell(r.firstName) },
  { header: "Nom d'usage", width: 20, cell: (r) => textCell(r.lastName) },
  ...(withSsn ? [SSN_COLUMN] : []),
  { header: "Date de naissance", width: 12, cell: (r) => dayCell(r.birthDate) },
  { header: "Genre", width: 8, cell: (r) => labelCell(GENDERS, r.gender) },
  { header: "E-mail", width: 30, cell: (r) => textCell(r.email) },
  { header: "Téléphone", width: 14, cell: (r) => textCell(r.phoneNumber) },
  { header: "Code postal", width: 10, cell: (r) => textCell(r.zipCode) },
  { header: "Ville", width: 20, cell: (r) => textCell(r.city) },
  { header: "Département", width: 22, cell: (r) => labelCell(DEPARTMENTS, r.department) },
  { header: "Situation", width: 18, cell: (r) => labelCell(SITUATIONS, r.situation) },
  { header: "Né(e) en France", width: 10, cell: (r) => yesNoCell(r.bornInFrance) },
  { header: UPDATED, width: 16, cell: (r) => dateTimeCell(r.updated) },
];

/** The NIR leaves in bulk only for the roles that create and edit trainees (they hold it for AGORA): README « Décisions ». */
export const exportsSsn = (role: string) => can(role, "trainees", "exportSsn");

export const traineesExport: ListExport<TraineeListQuery, TraineeRow> = {
  resource: "trainees",
  fileStem: "stagiaires",
  description: "Les stagiaires de la liste",
  layout: (caller) => ({ sheetName: "Stagiaires", columns: traineeColumns(exportsSsn(caller.role)) }),
  select: (caller, query) => sql`
    select ${trainees.birthName} as "birthName", ${trainees.lastName} as "lastName", ${trainees.firstName} as "firstName",
      ${exportsSsn(caller.role) ? sql`${trainees.ssn} as "ssn",` : sql``}
      ${trainees.birthDate}::text as "birthDate", ${trainees.gender} as "gender", ${trainees.email} as "email",
      ${trainees.phoneNumber} as "phoneNumber", ${trainees.address} ->> 'zipCode' as "zipCode", ${trainees.address} ->> 'city' as "city",
      ${trainees.department} as "department", ${trainees.situation} as "situation", ${trainees.bornInFrance} as "bornInFrance",
      ${franceDateTime(trainees.updatedAt)} as "updated"
    from ${trainees} ${selected(trainees, traineesListSelection(caller, query))}`,
};
