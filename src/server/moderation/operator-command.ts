import type { Kysely } from "kysely";
import { COMMAND_LINE_ACTOR } from "../audit/index.ts";
import type { Config } from "../config.ts";
import type { SessionForgetting } from "../context.ts";
import type { Database } from "../db/index.ts";
import { grantOperator, listGrantedOperators, revokeOperator } from "./moderation.service.ts";

export const OPERATOR_USAGE = `Usage:
  npm run operator -- grant EMAIL    make the account with this e-mail an operator
  npm run operator -- revoke EMAIL   take that back
  npm run operator -- list           who is an operator`;

/**
 * `npm run operator -- grant|revoke EMAIL` and `list`: answers the lines to print and the exit code. Grants
 * are recorded in the database and in the audit log (actor: the command line).
 */
export async function runOperatorCommand(
  db: Kysely<Database>,
  config: Pick<Config, "operatorEmails">,
  args: readonly string[],
  /** How the servers hear of the change (Redis when configured); without it, within SESSION_CACHE_TTL_MS. */
  sessions?: SessionForgetting,
): Promise<{ exitCode: number; lines: string[] }> {
  const [command, email, ...rest] = args;
  if ((command === "grant" || command === "revoke") && email && rest.length === 0) {
    const address = email.trim().toLowerCase();
    try {
      if (command === "grant") {
        const result = await grantOperator(
          { db, now: new Date(), ...(sessions ? { sessions } : {}) },
          COMMAND_LINE_ACTOR,
          address,
        );
        return {
          exitCode: 0,
          lines: [
            result === "granted" ? `${address} is now an operator.` : `${address} already is an operator.`,
          ],
        };
      }
      const result = await revokeOperator(
        { db, now: new Date(), ...(sessions ? { sessions } : {}) },
        COMMAND_LINE_ACTOR,
        address,
      );
      const lines = [
        result === "revoked" ? `${address} is no longer an operator.` : `${address} had no operator grant.`,
      ];
      if (config.operatorEmails.includes(address)) {
        lines.push(
          `Note: ${address} is listed in OPERATOR_EMAILS, so it stays an operator until removed there.`,
        );
      }
      return { exitCode: 0, lines };
    } catch (error) {
      return { exitCode: 1, lines: [(error as Error).message] };
    }
  }
  if (command === "list" && email === undefined) {
    const granted = await listGrantedOperators(db);
    return {
      exitCode: 0,
      lines: [
        `Granted in the database: ${granted.length === 0 ? "nobody" : granted.map((u) => u.email).join(", ")}`,
        `Listed in OPERATOR_EMAILS: ${config.operatorEmails.length === 0 ? "nobody" : config.operatorEmails.join(", ")}`,
      ],
    };
  }
  return { exitCode: 2, lines: [OPERATOR_USAGE] };
}
