import { Title, type TitleProps } from "@mantine/core";

/**
 * The one level-1 heading of a screen (lists, detail, edit, wizard, placeholders, error pages), drawn at the h2 size of
 * the design; the sections below it are level-2 headings (DescriptionList's Section).
 */
export function PageTitle({ size = "h2", ...props }: Omit<TitleProps, "order">) {
  return <Title order={1} size={size} {...props} />;
}
