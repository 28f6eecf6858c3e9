/**
 * `qs` for Refine, which imports it as a default export: the same parse and stringify from qs-esm, a fork of qs without its
 * side-channel dependencies (object-inspect, get-intrinsic and seven more), which weighed ~30 kB on the bundle /login downloads.
 * vite.config.ts points `qs` here.
 */
import { parse, stringify } from "qs-esm";

export { parse, stringify };
export default { parse, stringify };
