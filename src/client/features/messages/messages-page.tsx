import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { MailIcon } from "../../components/icons.tsx";
import { LoadFailed } from "../../components/load-state.tsx";
import { Pending } from "../../components/pending.tsx";
import { dateTimeText } from "../../lib/date-time.ts";
import { useInbox } from "./inbox.api.ts";
import { deliveryPreferenceTexts, preferredTimeTexts } from "./labels.ts";
import { PageIntro } from "./page-parts.tsx";

type InboxMessage = NonNullable<ReturnType<typeof useInbox>["data"]>[number];

/** /messages: what shoppers sent the signed-in farmer through the contact form. */
export function MessagesPage() {
  const { t } = useLingui();
  const inbox = useInbox();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 lg:py-14">
      <PageIntro
        eyebrow={t`Inbox`}
        title={t`Messages`}
        intro={t`Messages shoppers sent you through the contact form, newest first.`}
      />
      <div className="mt-8">
        {inbox.isPending ? (
          <Pending label={t`Loading messages...`} />
        ) : inbox.isError ? (
          <LoadFailed onRetry={() => inbox.refetch()} className="p-6 text-center" buttonClassName="mt-4">
            <Trans>Your messages could not be loaded. Please try again.</Trans>
          </LoadFailed>
        ) : inbox.data.length === 0 ? (
          <NoMessages />
        ) : (
          <ul aria-label={t`Messages from shoppers`} className="space-y-4">
            {inbox.data.map((message) => (
              <ShopperMessage key={message.id} message={message} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function NoMessages() {
  return (
    <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-stone-200">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <MailIcon className="h-6 w-6" />
      </span>
      <h2 className="mt-4 text-lg font-bold text-stone-900">
        <Trans>No messages yet</Trans>
      </h2>
      <p className="mt-1 text-stone-700">
        <Trans>When a shopper contacts you about your products, their message appears here.</Trans>
      </p>
    </div>
  );
}

/** One of the message's details under its name. */
function Detail({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-stone-600">{term}</dt>
      {children}
    </div>
  );
}

/** A shopper's message: who, when, what they wrote, how to reach them, and how they would like it. */
function ShopperMessage({ message }: { message: InboxMessage }) {
  const { _ } = useLinguiRuntime();
  const link = "text-brand-800 underline-offset-2 hover:underline";
  return (
    <li>
      <article
        aria-labelledby={`message-${message.id}`}
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`message-${message.id}`} className="text-lg font-bold text-stone-900">
            {message.name}
          </h2>
          <time dateTime={message.createdAt} className="text-sm text-stone-600">
            {dateTimeText(message.createdAt)}
          </time>
        </header>
        <p className="mt-3 whitespace-pre-line text-stone-800">
          {message.message || (
            <span className="text-stone-600 italic">
              <Trans>No message text</Trans>
            </span>
          )}
        </p>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Detail term={<Trans>Email</Trans>}>
            <dd>
              <a className={link} href={`mailto:${message.email}`}>
                {message.email}
              </a>
            </dd>
          </Detail>
          <Detail term={<Trans>Phone</Trans>}>
            <dd>
              <a className={link} href={`tel:${message.phone.replace(/[^0-9+]/g, "")}`}>
                {message.phone}
              </a>
            </dd>
          </Detail>
          <Detail term={<Trans>Delivery preference</Trans>}>
            <dd className="text-stone-800">{_(deliveryPreferenceTexts[message.deliveryPreference])}</dd>
          </Detail>
          <Detail term={<Trans>Preferred time</Trans>}>
            <dd className="text-stone-800">{_(preferredTimeTexts[message.preferredTime])}</dd>
          </Detail>
        </dl>
      </article>
    </li>
  );
}
