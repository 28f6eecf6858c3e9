import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * French order for every text sort (issue 40): the ICU collation `fr_icu` (locale fr-FR) created by migration 0025, where
 * accents and case are secondary (« ÉCOLE » among the E, before « RÉGION »), not the databases' byte order (C.UTF-8), which
 * put every accented capital after Z. ICU is built into the embedded PostgreSQL 18 and into Debian's PostgreSQL alike.
 * A sorted list's ORDER BY, its cursor's row comparison and its index must all name it, or the index no longer serves.
 */
export const FRENCH_COLLATION = "fr_icu";

/** `column` compared in French order. */
export const french = (column: PgColumn | SQL): SQL => sql`${column} collate ${sql.identifier(FRENCH_COLLATION)}`;
