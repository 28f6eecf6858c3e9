/**
 * « À traiter » (issue 25): the counters on top of the records list and in the daily digest. Each counter is the total of a
 * list filter, `todo=<name>` on the records or sessions list (server/todo/rules.ts gives both the same SQL), so a counter's link
 * lists exactly the rows it counts.
 */
import { z } from "zod";
import { EXACT_COUNT_LIMIT, formatListTotal } from "../common/list-count";

export const RECORD_TODOS = ["fse-late", "fse-soon", "agora-failed", "agora-pending"] as const;
export const SESSION_TODOS = ["bilans-late", "bilans-soon"] as const;
export type RecordTodo = (typeof RECORD_TODOS)[number];
export type SessionTodo = (typeof SESSION_TODOS)[number];

/**
 * A counter counts like a list (resources/common/list-count.ts): exactly up to EXACT_COUNT_LIMIT, and no further; past it the
 * API answers EXACT_COUNT_LIMIT + 1, and the block and the digest say « plus de 10 000 ».
 */
const count = z.number().int().min(0).max(EXACT_COUNT_LIMIT + 1);

/** A counter as the block and the digest write it: « 1 234 », or « plus de 10 000 » past the limit. */
export const formatTodoCount = (value: number) => formatListTotal(value, value > EXACT_COUNT_LIMIT);
const dated = z.object({ late: count, soon: count });

/** GET /api/todo: the counts in the caller's scope, as of today in France. */
export const todoCountsAnswer = z.object({
  blocking: count,
  fse: dated,
  bilans: dated,
  agora: z.object({ failed: count, pending: count }),
});
export type TodoCounts = z.output<typeof todoCountsAnswer>;

/** One link of the block and of the digest: its label, the count, the list it opens (path and query, without origin). */
export interface TodoLink {
  label: string;
  count: number;
  href: string;
}

export interface TodoGroup {
  title: string;
  links: TodoLink[];
}

export const TODO_TEXTS = {
  title: "À traiter",
  empty: "Rien à traiter aujourd'hui",
  late: "en retard",
  soon: "bientôt",
  failed: "en échec",
  pending: "en attente",
} as const;

/** The block's and the digest's groups, in order; a group's links are its counters (late and soon apart where a date applies). */
export function todoGroups(counts: TodoCounts): TodoGroup[] {
  return [
    { title: "Dossiers bloquants", links: [{ label: counts.blocking > 1 ? "dossiers" : "dossier", count: counts.blocking, href: "/records?filterAnomalies=true" }] },
    {
      title: "Questionnaires FSE à saisir",
      links: [
        { label: TODO_TEXTS.late, count: counts.fse.late, href: "/records?todo=fse-late" },
        { label: TODO_TEXTS.soon, count: counts.fse.soon, href: "/records?todo=fse-soon" },
      ],
    },
    {
      title: "Bilans à valider",
      links: [
        { label: TODO_TEXTS.late, count: counts.bilans.late, href: "/sessions?todo=bilans-late" },
        { label: TODO_TEXTS.soon, count: counts.bilans.soon, href: "/sessions?todo=bilans-soon" },
      ],
    },
    {
      title: "Échanges AGORA",
      links: [
        { label: TODO_TEXTS.failed, count: counts.agora.failed, href: "/records?todo=agora-failed" },
        { label: TODO_TEXTS.pending, count: counts.agora.pending, href: "/records?todo=agora-pending" },
      ],
    },
  ];
}

export const nothingToDo = (counts: TodoCounts) => todoGroups(counts).every((group) => group.links.every((link) => link.count === 0));

/** The `todo` list parameter of the records and sessions lists (their list query schemas add it). */
export const recordTodoParam = z.enum(RECORD_TODOS, { error: `todo doit valoir ${RECORD_TODOS.join(", ")}` }).optional();
export const sessionTodoParam = z.enum(SESSION_TODOS, { error: `todo doit valoir ${SESSION_TODOS.join(", ")}` }).optional();

/** GET and PUT /api/users/me/digest: the signed-in employee's choice of the daily digest (their profile page). */
export const digestPreference = z.strictObject({ dailyDigest: z.boolean({ error: "dailyDigest doit valoir true ou false" }) });
export type DigestPreference = z.output<typeof digestPreference>;

export const DIGEST_TEXTS = {
  profileTitle: "Mon profil",
  label: "Recevoir chaque jour ouvré à 7 h 30 un e-mail récapitulant « À traiter »",
  description: "Les compteurs de votre périmètre, avec un lien vers chaque liste.",
  saved: "Votre choix est enregistré.",
} as const;

/** The title of a list filtered by a counter's link. */
export const TODO_LIST_TITLES: Record<RecordTodo | SessionTodo, string> = {
  "fse-late": "Questionnaires FSE à saisir en retard",
  "fse-soon": "Questionnaires FSE à saisir bientôt",
  "agora-failed": "Échanges AGORA en échec",
  "agora-pending": "Échanges AGORA en attente",
  "bilans-late": "Bilans à valider en retard",
  "bilans-soon": "Bilans à valider bientôt",
};
export const SHOW_ALL = { records: "Voir tous les dossiers", sessions: "Voir toutes les sessions" } as const;

/** The counter a list's URL names (`?todo=…`), if it is one of the list's. */
export const todoOf = <T extends string>(value: string | null, todos: readonly T[]): T | undefined =>
  todos.find((todo) => todo === value);
