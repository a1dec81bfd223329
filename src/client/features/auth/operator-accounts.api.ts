import { OperatorUserListSchema, OperatorUserResponseSchema } from "../../../shared/schemas/moderation.ts";
import { useOperatorChange, useOperatorPages } from "../../lib/operator-pages.ts";

export type AccountStatus = "all" | "active" | "suspended";

/** Accounts, newest first; `q` searches names and e-mail addresses. */
export const useOperatorAccounts = (q: string, status: AccountStatus) =>
  useOperatorPages("users", "/api/admin/users", { q, status, limit: "20" }, OperatorUserListSchema);

/** Suspends an account (its sessions end, its products leave the shop) or reinstates it, with a reason. */
export const useSetSuspended = () =>
  useOperatorChange(
    ({ id, suspend, reason }: { id: string; suspend: boolean; reason: string }) => ({
      path: `/api/admin/users/${encodeURIComponent(id)}/${suspend ? "suspend" : "reinstate"}`,
      method: "POST",
      json: { reason },
    }),
    OperatorUserResponseSchema,
    [["products"]],
  );
