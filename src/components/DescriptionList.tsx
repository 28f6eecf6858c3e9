/**
 * Label / value pairs in a responsive grid, for details and wizard recaps; empty values show "NC.".
 *
 *   <DescriptionList items={[{ label: "Nom", value: employee.lastName }, { label: "Téléphone", value: employee.phoneNumber }]} />
 *   <Section title="Identité">…</Section>
 */
import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { NC } from "../lib/format";

export interface DescriptionItem {
  label: string;
  value: ReactNode;
  /** Spans the whole row (long texts, lists). */
  wide?: boolean;
}

const isBlank = (value: ReactNode) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

export function DescriptionList({ items, cols = 2 }: { items: DescriptionItem[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="lg" verticalSpacing="sm">
      {items.map((item) => (
        <Stack key={item.label} gap={2} style={item.wide ? { gridColumn: "1 / -1" } : undefined}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
            {item.label}
          </Text>
          <Text size="sm" component="div" data-label={item.label}>
            {isBlank(item.value) ? NC : item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A titled card grouping the fields of one part of a form or detail (Identité, Contact, Accès, Coordonnées…): a level-2 heading under the page's h1. */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4" c="navy.8" display="flex" style={{ justifyContent: "space-between", alignItems: "center" }}>
          {title}
          {actions}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
