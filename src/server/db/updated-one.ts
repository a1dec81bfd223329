import type { UpdateResult } from "kysely";

/**
 * Runs an UPDATE meant for one row and answers whether it changed it. Its `where` names the state the row must
 * still be in, so of two racing changes exactly one is told true.
 */
export async function updatedOne(query: { executeTakeFirst(): Promise<UpdateResult> }): Promise<boolean> {
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
