/** Enumerations with French labels; option lists sorted by French collation with 'Autre(s)' last. */
export type EnumLabels<T extends string> = Readonly<Record<T, string>>;

export interface EnumOption<T extends string> {
  value: T;
  label: string;
}

const collator = new Intl.Collator("fr", { sensitivity: "base" });
const isOther = (label: string) => /^autres?\b|^autre\(s\)/i.test(label.trim());

export function enumOptions<T extends string>(labels: EnumLabels<T>): EnumOption<T>[] {
  return (Object.keys(labels) as T[])
    .map((value) => ({ value, label: labels[value] }))
    .sort((a, b) => Number(isOther(a.label)) - Number(isOther(b.label)) || collator.compare(a.label, b.label));
}

export function enumValues<T extends string>(labels: EnumLabels<T>): [T, ...T[]] {
  return Object.keys(labels) as [T, ...T[]];
}
