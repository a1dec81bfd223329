import type { MessageDescriptor } from "@lingui/core";
import { msg, t as tNow } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import {
  INBOX_FILTERS,
  type InboxFilter,
  type MessagePatch,
  NOTE_MAX_LENGTH,
  type OperatorMessage,
} from "../../../shared/schemas/operator-inbox.ts";
import { Button } from "../../components/button.tsx";
import { LoadState } from "../../components/load-state.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { dateTimeText } from "../../lib/date-time.ts";
import { problemOf } from "../../lib/operator-pages.ts";
import { toast } from "../../lib/toast.ts";
import { useOperatorInbox, useUpdateOperatorMessage } from "./operator-inbox.api.ts";

const filterLabels: Record<InboxFilter, MessageDescriptor> = {
  all: msg`All messages`,
  unread: msg`Unread`,
  open: msg`Not handled`,
  handled: msg`Handled`,
};

const pill = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** The reply: the sender's e-mail opened in the operator's own mail program, the subject filled in. */
const replyHref = (message: OperatorMessage) =>
  `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject ?? tNow`your message to Veggie Cart`}`)}`;

/**
 * What the operator changes on a message: read, handled, the note. `note` is the box's text: the server's
 * until the operator types (another operator's change, or this one's once saved, then shows).
 */
function useMessageUpdate(message: OperatorMessage) {
  const { t } = useLingui();
  const update = useUpdateOperatorMessage();
  const [draft, setDraft] = useState<string | null>(null);
  const note = draft ?? message.note;
  const [noteError, setNoteError] = useState<string | undefined>();
  const change = (patch: MessagePatch, done: string) =>
    update.mutate(
      { id: message.id, patch },
      {
        onSuccess: () => {
          if (patch.note !== undefined) setDraft(null);
          toast.success(done);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.fields.note) setNoteError(error.fields.note);
          else toast.error(problemOf(error, "note", t`Could not update this message. Please try again.`));
        },
      },
    );
  const type = (text: string) => {
    setDraft(text);
    setNoteError(undefined);
  };
  return { busy: update.isPending, note, noteError, noteChanged: note.trim() !== message.note, change, type };
}

function MessageCard({ message }: { message: OperatorMessage }) {
  const { t } = useLingui();
  const headingId = useId();
  const update = useMessageUpdate(message);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ${message.read ? "ring-stone-200" : "ring-2 ring-brand-600"}`}
      >
        <MessageHeader message={message} headingId={headingId} />
        <p className="mt-3 whitespace-pre-line break-words text-stone-800">{message.message}</p>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href={replyHref(message)} className="break-all font-semibold text-brand-800 underline">
            <Trans>Reply to {message.email}</Trans>
          </a>
          {message.phone ? (
            <a href={`tel:${message.phone.replace(/[^\d+]/g, "")}`} className="text-brand-800 underline">
              {message.phone}
            </a>
          ) : null}
        </p>
        <TextAreaField
          label={t`Note (only operators see it)`}
          rows={2}
          maxLength={NOTE_MAX_LENGTH}
          value={update.note}
          error={update.noteError}
          onChange={(event) => update.type(event.target.value)}
          className="mt-4"
        />
        <MessageButtons message={message} update={update} />
      </article>
    </li>
  );
}

/** The message's subject, who sent it by which form and when, and whether it is read and handled. */
function MessageHeader({ message, headingId }: { message: OperatorMessage; headingId: string }) {
  const { t } = useLingui();
  const name = message.name;
  return (
    <header className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <h3 id={headingId} className="break-words text-lg font-bold text-stone-900">
          {message.subject ?? t`Contact message from ${name}`}
        </h3>
        <p className="text-sm text-stone-600">
          {message.kind === "faq" ? (
            <Trans>FAQ question from {name}</Trans>
          ) : (
            <Trans>Contact form from {name}</Trans>
          )}{" "}
          · <time dateTime={message.createdAt}>{dateTimeText(message.createdAt)}</time>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {message.read ? null : (
          <span className={`${pill} bg-brand-700 text-white`}>
            <Trans>Unread</Trans>
          </span>
        )}
        <span
          className={`${pill} ${message.handled ? "bg-brand-100 text-brand-900" : "bg-amber-100 text-amber-900"}`}
        >
          {message.handled ? <Trans>Handled</Trans> : <Trans>Not handled</Trans>}
        </span>
      </div>
    </header>
  );
}

/** Mark read or unread, save the note, mark handled (with the note typed) or reopen. */
function MessageButtons({
  message,
  update,
}: {
  message: OperatorMessage;
  update: ReturnType<typeof useMessageUpdate>;
}) {
  const { t } = useLingui();
  const { busy, note, noteChanged, change } = update;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() =>
          change({ read: !message.read }, message.read ? t`Marked as unread.` : t`Marked as read.`)
        }
      >
        {message.read ? <Trans>Mark unread</Trans> : <Trans>Mark read</Trans>}
      </Button>
      {noteChanged ? (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => change({ note: note.trim() }, t`Note saved.`)}
        >
          <Trans>Save note</Trans>
        </Button>
      ) : null}
      <Button
        disabled={busy}
        onClick={() =>
          change(
            message.handled
              ? { handled: false }
              : { handled: true, read: true, ...(noteChanged ? { note: note.trim() } : {}) },
            message.handled ? t`Message reopened.` : t`Message marked as handled.`,
          )
        }
      >
        {message.handled ? <Trans>Reopen</Trans> : <Trans>Mark handled</Trans>}
      </Button>
    </div>
  );
}

/** The operator's inbox at /admin/inbox: messages to the shop, unread first, newest first. */
export function OperatorInboxSection() {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const [filter, setFilter] = useState<InboxFilter>("all");
  const inbox = useOperatorInbox(filter);
  const pages = inbox.data?.pages ?? [];
  const list = pages.flatMap((page) => page.items);
  const unread = pages[0]?.unread ?? 0;

  return (
    <section aria-labelledby="operator-inbox-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="operator-inbox-heading" className="text-xl font-bold text-stone-900">
            <Trans>Inbox</Trans>
          </h2>
          <p className="text-sm text-stone-600">
            <Trans>FAQ questions and contact messages sent to the shop. {unread} unread.</Trans>
          </p>
        </div>
        <SelectField
          label={t`Show`}
          value={filter}
          onChange={(event) => setFilter(event.target.value as InboxFilter)}
          options={INBOX_FILTERS.map((value) => ({ value, label: _(filterLabels[value]) }))}
        />
      </div>
      <LoadState query={inbox} what={t`messages`} isEmpty={list.length === 0} empty={t`No messages here.`}>
        <ul aria-label={t`Messages to the shop`} className="space-y-4">
          {list.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ul>
        <ShowMoreButton pages={inbox} label={t`Show more messages`} />
      </LoadState>
    </section>
  );
}
