/**
 * The cursors the API answers with full list pages (`metadata.pagination.nextCursor`), remembered so that the next page is
 * asked `after` the previous one (keyset) instead of by offset: PostgreSQL then starts at that row in the list's index rather
 * than walking every row before it, which for a deep page of a scoped list meant other organisations' rows too.
 *
 * A cursor is remembered for the list (resource, filters, page size) and the offset of the page it opens. Only the page
 * right after one already shown has one: a page jumped to is asked by offset. A cursor is a place in the order (updated_at
 * and id), so it stays valid when rows change; the page after it then holds what follows that place, as an offset would
 * hold what is at that rank.
 */
const MAX_REMEMBERED = 500;

export class ListCursors {
  // A Map keeps insertion order: the first key is the least recently remembered one.
  private readonly cursors = new Map<string, string>();

  private static key(list: string, offset: number) {
    return `${list}@${offset}`;
  }

  /** The cursor that opens the page at `offset` of `list`, when the page before it was answered. */
  get(list: string, offset: number): string | undefined {
    return this.cursors.get(ListCursors.key(list, offset));
  }

  remember(list: string, offset: number, cursor: string): void {
    const key = ListCursors.key(list, offset);
    this.cursors.delete(key);
    this.cursors.set(key, cursor);
    if (this.cursors.size > MAX_REMEMBERED) this.cursors.delete(this.cursors.keys().next().value!);
  }
}
