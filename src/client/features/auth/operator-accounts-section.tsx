import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { REASON_MAX_LENGTH } from "../../../shared/schemas/common.ts";
import type { OperatorUser } from "../../../shared/schemas/moderation.ts";
import { Button } from "../../components/button.tsx";
import { LoadState } from "../../components/load-state.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { SearchAndFilter } from "../../components/search-and-filter.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { intlLocale } from "../../lib/i18n.ts";
import { problemOf } from "../../lib/operator-pages.ts";
import { toast } from "../../lib/toast.ts";
import { type AccountStatus, useOperatorAccounts, useSetSuspended } from "./operator-accounts.api.ts";

const statusOptions = [
  { value: "all", label: msg`All accounts` },
  { value: "active", label: msg`Active` },
  { value: "suspended", label: msg`Suspended` },
] as const;

const joinedOn = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: "medium" }).format(new Date(iso));

function SuspendDialog({ user, onClose }: { user: OperatorUser; onClose: () => void }) {
  const { t } = useLingui();
  const setSuspended = useSetSuspended();
  const suspend = !user.suspended;
  const name = user.name;
  return (
    <ReasonDialog
      title={suspend ? t`Suspend ${name}?` : t`Reinstate ${name}?`}
      intro={
        suspend
          ? t`Their sessions end at once, they cannot sign in, and their products leave the shop.`
          : t`They can sign in again and their products return to the shop (unless hidden one by one).`
      }
      confirmLabel={suspend ? t`Suspend account` : t`Reinstate account`}
      danger={suspend}
      maxLength={REASON_MAX_LENGTH}
      busy={setSuspended.isPending}
      onClose={onClose}
      onConfirm={async (reason) => {
        try {
          await setSuspended.mutateAsync({ id: user.id, suspend, reason });
          toast.success(suspend ? t`${name} is suspended.` : t`${name} is reinstated.`);
          return undefined;
        } catch (error) {
          return problemOf(error, "reason", t`Could not change this account. Please try again.`);
        }
      }}
    />
  );
}

/** The operator's accounts at /admin/accounts: search by name or e-mail, suspend with a reason, reinstate. */
export function OperatorAccountsSection() {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<AccountStatus>("all");
  const [changing, setChanging] = useState<OperatorUser | null>(null);
  const accounts = useOperatorAccounts(q, status);
  const list = accounts.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="operator-accounts-heading" className="space-y-4">
      <h2 id="operator-accounts-heading" className="text-xl font-bold text-stone-900">
        <Trans>Accounts</Trans>
      </h2>
      <SearchAndFilter
        searchLabel={t`Search by name or e-mail`}
        filterLabel={t`Show`}
        filter={status}
        options={statusOptions.map(({ value, label }) => ({ value, label: _(label) }))}
        onSearch={setQ}
        onFilter={setStatus}
      />
      <LoadState
        query={accounts}
        what={t`accounts`}
        isEmpty={list.length === 0}
        empty={q ? t`No account matches "${q}".` : t`No accounts.`}
      >
        <ul
          aria-label={t`Accounts`}
          className="divide-y divide-stone-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-stone-200"
        >
          {list.map((user) => (
            <li key={user.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <h3 className="break-words font-semibold text-stone-900">
                  {user.name}
                  {user.operator ? (
                    <span className="ml-2 rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
                      <Trans>Operator</Trans>
                    </span>
                  ) : null}
                  {user.suspended ? (
                    <span className="ml-2 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
                      <Trans>Suspended</Trans>
                    </span>
                  ) : null}
                </h3>
                <p className="break-all text-sm text-stone-600">{user.email}</p>
                <p className="text-sm text-stone-600">
                  <Trans>
                    Joined {joinedOn(user.createdAt)} · {user.products} products · {user.orders} orders
                  </Trans>
                </p>
                {user.suspendedReason ? (
                  <p className="text-sm text-red-800">
                    <Trans>Suspended: {user.suspendedReason}</Trans>
                  </p>
                ) : null}
              </div>
              <Button
                variant={user.suspended ? "secondary" : "danger"}
                className="self-start sm:self-center"
                onClick={() => setChanging(user)}
                aria-label={user.suspended ? t`Reinstate ${user.name}` : t`Suspend ${user.name}`}
              >
                {user.suspended ? <Trans>Reinstate</Trans> : <Trans>Suspend</Trans>}
              </Button>
            </li>
          ))}
        </ul>
        <ShowMoreButton pages={accounts} label={t`Show more accounts`} />
      </LoadState>
      {changing ? <SuspendDialog user={changing} onClose={() => setChanging(null)} /> : null}
    </section>
  );
}
