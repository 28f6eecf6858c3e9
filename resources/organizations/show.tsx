import { ShowPage } from "../../src/components/ShowPage";
import { organizationsDescriptor } from "./descriptor";
import { OrganizationDetail } from "./fields";
import type { Organization } from "./schema";

export default function OrganizationShow() {
  return (
    <ShowPage<Organization>
      resource={organizationsDescriptor}
      render={(o) => <OrganizationDetail organization={o} />}
    />
  );
}
