import { Trans, useLingui } from "@lingui/react/macro";
import { accountMessages } from "../../../shared/messages.ts";
import type { Session } from "../../../shared/schemas/account.ts";
import { Button } from "../../components/button.tsx";
import { Pending } from "../../components/pending.tsx";
import { dateTimeText } from "../../lib/date-time.ts";
import { sayShared } from "../../lib/i18n.ts";
import { useEndOtherSessions, useEndSession, useSessions } from "./account.api.ts";
import { errorText, toasting } from "./account-form.ts";

function SessionRow({ session }: { session: Session }) {
  const { t } = useLingui();
  const end = useEndSession();
  // NOTE: the server keeps "Chrome on Android" (browser and system, both names); the joining word is ours.
  const [, name, system] = /^(.+) on (.+)$/.exec(session.browser ?? "") ?? [];
  const browser = name && system ? t`${name} on ${system}` : (session.browser ?? t`Unknown browser`);
  const lastUsed = dateTimeText(session.lastUsedAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-stone-900">
          {browser}
          {session.current ? (
            <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
              <Trans>This device</Trans>
            </span>
          ) : null}
        </p>
        <p className="text-sm text-stone-600">
          <Trans>
            Last used <time dateTime={session.lastUsedAt}>{lastUsed}</time>
          </Trans>
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          aria-label={t`Sign out ${browser}, last used ${lastUsed}`}
          disabled={end.isPending}
          onClick={() => end.mutate(session.id, toasting(sayShared(accountMessages.sessionEnded)))}
        >
          <Trans>Sign out</Trans>
        </Button>
      )}
    </li>
  );
}

/** The devices signed in to the account, each to sign out but this one, or all the others at once. */
export function Sessions() {
  const { t } = useLingui();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  if (sessions.isPending) return <Pending label={t`Loading devices...`} />;
  if (sessions.isError) return <p role="alert">{errorText(sessions.error)}</p>;
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <>
      <ul className="divide-y divide-stone-200">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      <Button
        variant="secondary"
        className="mt-4"
        disabled={others === 0 || endOthers.isPending}
        onClick={() => endOthers.mutate(undefined, toasting(sayShared(accountMessages.othersEnded)))}
      >
        <Trans>Sign out everywhere else</Trans>
      </Button>
    </>
  );
}
