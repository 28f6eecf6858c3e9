import type { ResourceProps } from "@refinedev/core";
import type { TablerIcon } from "@tabler/icons-react";
import type { ComponentType, ReactElement } from "react";
import { Route } from "react-router";
import type { ResourceName } from "./permissions";

/**
 * What the screens know of a resource, declared once in `<name>/descriptor.ts` (as react-admin's demo declares each
 * resource in its own index) and read by the list, detail modal and page, wizard, edit page, delete modal and side menu.
 * Pure data and an icon, no schema: the main bundle carries it (menu, routes) without any form or zod code.
 */
export interface ResourceDescriptor<R> {
  /** The Refine resource, the API's path and the role matrix's key. */
  name: ResourceName;
  /** The list's route; the record is at `${listPath}/:id`, its edit page at `…/:id/edit`, the wizard at `…/create`. */
  listPath: `/${string}`;
  /** Plural: the side menu entry, the list's title, the detail page's way back and the browser tab's title. */
  label: string;
  /** The record in sentences: "Ajouter un employé", "Création d'un employé", "supprimer l'employé", "Modification de l'employé …". */
  singular: { a: string; the: string; ofThe: string };
  icon: TablerIcon;
  /** Names one record: detail modal and page titles, row menu, delete question, edit heading. */
  recordTitle: (record: R) => string;
  /** A sentence after the delete question (employees: the person can no longer sign in). */
  deleteConsequence?: string;
}

/** Any resource's descriptor, whatever its record type (the menu, the wizard and the route table need no record). */
export type AnyResourceDescriptor = ResourceDescriptor<never>;

/** What each resource folder exports from its index.tsx: its descriptor, Refine declaration and routes. */
export interface ResourceModule {
  descriptor: AnyResourceDescriptor;
  resource: ResourceProps;
  routes: ReactElement;
}

export interface ResourcePages {
  list: ComponentType;
  show: ComponentType;
  create: ComponentType;
  edit: ComponentType;
}

/** A resource's own pages beyond the four, by path under its list path (records: `":id/bilan"`, the internship review). */
export type ExtraPages = Record<string, ComponentType>;

/** The Refine declaration and the four routes of a resource (and its extra pages), all under its descriptor's list path. */
export function resourceModule(descriptor: AnyResourceDescriptor, pages: ResourcePages, extraPages: ExtraPages = {}): ResourceModule {
  const { name, listPath, label } = descriptor;
  const { list: List, show: Show, create: Create, edit: Edit } = pages;
  return {
    descriptor,
    resource: {
      name,
      list: listPath,
      show: `${listPath}/:id`,
      create: `${listPath}/create`,
      edit: `${listPath}/:id/edit`,
      meta: { label },
    },
    routes: (
      <Route path={listPath}>
        <Route index element={<List />} />
        <Route path="create" element={<Create />} />
        <Route path=":id" element={<Show />} />
        <Route path=":id/edit" element={<Edit />} />
        {Object.entries(extraPages).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    ),
  };
}
