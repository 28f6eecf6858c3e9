import type { ResourceProps } from "@refinedev/core";
import type { ReactElement } from "react";

/** What each resource folder exports from its index.tsx: its Refine declaration and its routes (pages loaded lazily). */
export interface ResourceModule {
  resource: ResourceProps;
  routes: ReactElement;
}
