import { type RawBuilder, sql } from "kysely";

/**
 * Time buckets for a series (the operator's 30 days): `bounds` are ISO instants in ascending order, bucket i
 * runs from bounds[i] (included) to bounds[i + 1] (excluded). Timestamps are ISO text in UTC on both
 * databases, so comparing text compares instants and the same SQL groups the same way on each.
 */
export function bucketOf(column: string, bounds: readonly string[]): RawBuilder<number> {
  const whens = bounds
    .slice(1)
    .map((bound, index) => sql`when ${sql.ref(column)} < ${bound} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} end`;
}

/** The rows a series counts: from its first bound (included) to its last (excluded). */
export const withinBounds = (bounds: readonly string[]) => ({
  from: bounds[0]!,
  before: bounds[bounds.length - 1]!,
});
