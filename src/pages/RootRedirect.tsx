import { Navigate, useSearchParams } from "react-router";
import { recordsDescriptor } from "../../resources/records/descriptor";

/** `/` leads to the records, except the reset-password link of the e-mail (`/?cta=resetPassword&t=…`). */
export function RootRedirect() {
  const [params] = useSearchParams();
  const token = params.get("t");
  if (params.get("cta") === "resetPassword" && token) {
    return <Navigate to={`/reset-password?${new URLSearchParams({ t: token })}`} replace />;
  }
  return <Navigate to={recordsDescriptor.listPath} replace />;
}
