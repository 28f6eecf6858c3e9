/**
 * Each resource declares its descriptor once (resources/<name>/descriptor.ts); the Refine declaration, the routes, the side
 * menu and the shared screens' sentences all come from it. Checked here against the spec's own words.
 */
import { AppShell, MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Identity } from "../../providers/auth-provider";
import { menuFor, RESOURCES } from "../../resources/index";
import { RESOURCE_NAMES } from "../../resources/permissions";
import { deleteQuestion } from "../../src/components/DeleteModal";
import { EDIT_TEXTS } from "../../src/components/EditPage";
import { LIST_CREATE_LABEL } from "../../src/components/ResourceList";
import { WIZARD_TEXTS } from "../../src/components/Wizard";
import { SideMenu } from "../../src/layout/SideMenu";
import { theme } from "../../src/theme";
import { employeesDescriptor } from "../../resources/employees/descriptor";
import { organizationsDescriptor } from "../../resources/organizations/descriptor";
import { traineesDescriptor } from "../../resources/trainees/descriptor";
import { trainingsDescriptor } from "../../resources/trainings/descriptor";
import { sessionsDescriptor } from "../../resources/sessions/descriptor";
import { recordsDescriptor } from "../../resources/records/descriptor";

const descriptors = RESOURCES.map((module) => module.descriptor);

describe("every resource module", () => {
  it("covers each resource of the role matrix once", () => {
    expect(descriptors.map((d) => d.name).sort()).toEqual([...RESOURCE_NAMES].sort());
  });

  it.each(RESOURCES.map((module) => [module.descriptor.name, module] as const))("%s declares a complete descriptor", (_name, module) => {
    const { descriptor } = module;
    expect(descriptor.label.trim()).not.toBe("");
    expect(descriptor.listPath).toMatch(/^\/[a-z-]+$/);
    expect(descriptor.icon).toBeTruthy();
    expect(typeof descriptor.recordTitle).toBe("function");
    for (const form of Object.values(descriptor.singular)) expect(form.trim()).not.toBe("");
  });

  it.each(RESOURCES.map((module) => [module.descriptor.name, module] as const))("%s: Refine declaration and routes come from the descriptor", (_name, module) => {
    const { descriptor, resource, routes } = module;
    const { listPath } = descriptor;
    expect(resource).toEqual({
      name: descriptor.name,
      list: listPath,
      show: `${listPath}/:id`,
      create: `${listPath}/create`,
      edit: `${listPath}/:id/edit`,
      meta: { label: descriptor.label },
    });
    expect((routes.props as { path: string }).path).toBe(listPath);
  });
});

describe("records named by their descriptor", () => {
  it("titles a record as the screens show it", () => {
    expect(employeesDescriptor.recordTitle({ lastName: "DUPONT", firstName: "Jean" })).toBe("DUPONT Jean");
    expect(traineesDescriptor.recordTitle({ lastName: "LEFÈVRE", firstName: "Chloé" })).toBe("LEFÈVRE Chloé");
    expect(organizationsDescriptor.recordTitle({ name: "AFPA ÎLE-DE-FRANCE" })).toBe("AFPA ÎLE-DE-FRANCE");
    const information = { number: "F2025004", name: "Préparation opérationnelle" } as Parameters<typeof trainingsDescriptor.recordTitle>[0]["information"];
    expect(trainingsDescriptor.recordTitle({ information })).toBe("F2025004 – Préparation opérationnelle");
    expect(sessionsDescriptor.recordTitle({ training: { information: { name: "Comptable assistant" } } })).toBe("Comptable assistant");
    expect(recordsDescriptor.recordTitle({ trainee: { lastName: "MARTIN", firstName: "Léa" } })).toBe("MARTIN Léa");
  });

  it("builds the spec's titles (part 1 §5, part 2 §2)", () => {
    expect([employeesDescriptor, organizationsDescriptor, traineesDescriptor, trainingsDescriptor, sessionsDescriptor, recordsDescriptor].map((d) => WIZARD_TEXTS.title(d.singular.a))).toEqual([
      "Création d'un employé",
      "Création d'un organisme",
      "Création d'un stagiaire",
      "Création d'une formation",
      "Création d'une session",
      "Création d'un dossier de formation",
    ]);
    expect([employeesDescriptor, organizationsDescriptor, traineesDescriptor, trainingsDescriptor].map((d) => LIST_CREATE_LABEL(d.singular.a))).toEqual([
      "Ajouter un employé",
      "Ajouter un organisme",
      "Ajouter un stagiaire",
      "Ajouter une formation",
    ]);
    expect(EDIT_TEXTS.heading(employeesDescriptor.singular.ofThe, "DUPONT Jean")).toBe("Modification de l'employé DUPONT Jean");
    expect(EDIT_TEXTS.heading(traineesDescriptor.singular.ofThe, "LEFÈVRE Chloé")).toBe("Modification du stagiaire LEFÈVRE Chloé");
    expect(EDIT_TEXTS.heading(recordsDescriptor.singular.ofThe, "de Léa MARTIN")).toBe("Modification du dossier de formation de Léa MARTIN");
  });

  it("asks the delete question with the record's title and the resource's consequence", () => {
    const employee = renderToStaticMarkup(deleteQuestion(employeesDescriptor, { lastName: "DUPONT", firstName: "Jean" }));
    expect(employee).toBe("Voulez-vous vraiment supprimer l&#x27;employé <b>DUPONT Jean</b> ? Il ne pourra plus se connecter.");
    const trainee = renderToStaticMarkup(deleteQuestion(traineesDescriptor, { lastName: "LEFÈVRE", firstName: "Chloé" }));
    expect(trainee).toBe("Voulez-vous vraiment supprimer le stagiaire <b>LEFÈVRE Chloé</b> ?");
  });
});

describe("side menu (part 1 §2 order, §6 visibility)", () => {
  type Short = "sup-admin" | "admin" | "resp-of" | "gest-of" | "resp-cdc" | "gest-cdc" | "gest-cdcss";
  const EVERYONE = [
    { label: "Dossiers de formation", listPath: "/records" },
    { label: "Formations", listPath: "/trainings" },
    { label: "Sessions", listPath: "/sessions" },
    { label: "Stagiaires", listPath: "/trainees" },
  ];
  const ORGANISMES = { label: "Organismes", listPath: "/organizations" };
  const EMPLOYES = { label: "Employés", listPath: "/employees" };
  const MENUS: Record<Short, { label: string; listPath: string }[]> = {
    "sup-admin": [...EVERYONE, ORGANISMES, EMPLOYES],
    admin: [...EVERYONE, ORGANISMES, EMPLOYES],
    "resp-of": [...EVERYONE, ORGANISMES, EMPLOYES],
    "resp-cdc": [...EVERYONE, ORGANISMES, EMPLOYES],
    "gest-cdcss": [...EVERYONE, ORGANISMES],
    "gest-cdc": [...EVERYONE, ORGANISMES],
    "gest-of": [...EVERYONE],
  };

  it.each(Object.keys(MENUS) as Short[])("rol_%s", (short) => {
    const entries = menuFor(`rol_${short}`);
    expect(entries.map(({ label, listPath }) => ({ label, listPath }))).toEqual(MENUS[short]);
    // The entries are the descriptors themselves: label, path and icon are declared nowhere else.
    for (const entry of entries) expect(descriptors).toContain(entry);
  });

  it("is empty for an unknown role", () => {
    expect(menuFor("rol_inconnu")).toEqual([]);
    expect(menuFor(undefined)).toEqual([]);
  });

  it("draws one link per descriptor, with its label, path and icon", () => {
    const identity: Identity = {
      id: "usr_1",
      firstName: "Jean",
      lastName: "Dupont",
      email: "jean@example.fr",
      phoneNumber: null,
      gender: "MALE",
      type: "EMPLOYEE",
      role: { id: "rol_gest-of", name: "Gestionnaire OF" },
      organizations: [],
      createdDate: "2026-01-05T08:00:00.000Z",
      updatedDate: "2026-01-05T08:00:00.000Z",
    };
    const html = renderToStaticMarkup(
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={["/trainees/42"]}>
          <AppShell navbar={{ width: 264, breakpoint: "sm" }}>
            <SideMenu identity={identity} onNavigate={() => undefined} />
          </AppShell>
        </MemoryRouter>
      </MantineProvider>,
    );
    const all = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)];
    // The descriptors' entries, then the employee's own page (issue 25), not a resource.
    expect(all.map(([, href]) => href)).toEqual([...EVERYONE.map((entry) => entry.listPath), "/profile"]);
    const links = all.slice(0, -1);
    const shown = menuFor("rol_gest-of");
    links.forEach(([, , content], index) => {
      const { label, icon: Icon } = shown[index]!;
      expect(content).toContain(`>${label}</span>`);
      expect(content).toContain(renderToStaticMarkup(<Icon size={20} stroke={1.7} />));
    });
    expect(links[3]![0]).toContain('aria-current="page"');
  });
});
