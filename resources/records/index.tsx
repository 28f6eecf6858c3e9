import { ResourcePlaceholder } from "../../src/components/ResourcePlaceholder";
import { resourceModule } from "../resource-module";
import { recordsDescriptor } from "./descriptor";

// Placeholder until the resource's issue lands: routed, shows its title.
const Placeholder = () => <ResourcePlaceholder title={recordsDescriptor.label} />;

export const recordsResource = resourceModule(recordsDescriptor, { list: Placeholder, show: Placeholder, create: Placeholder, edit: Placeholder });
