import { Loader } from "@mantine/core";

/**
 * A small loader that says what is loading to screen readers. The label goes on a `status` wrapper: Mantine's loader is an svg
 * with role="presentation", on which an aria-label is not allowed (axe: aria-prohibited-attr).
 */
export function InlineLoader({ label }: { label: string }) {
  return (
    <span role="status" aria-label={label} style={{ display: "inline-flex" }}>
      <Loader size="sm" aria-hidden />
    </span>
  );
}
