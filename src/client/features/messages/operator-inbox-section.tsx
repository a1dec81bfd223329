import { useId, useState } from "react";
import { toast } from "react-toastify/unstyled";
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
import { problemOf } from "../../lib/operator-pages.ts";
import { useOperatorInbox, useUpdateOperatorMessage } from "./operator-inbox.api.ts";

const receivedAt = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

const filterLabels: Record<InboxFilter, string> = {
  all: "All messages",
  unread: "Unread",
  open: "Not handled",
  handled: "Handled",
};

const pill = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** The reply: the sender's e-mail opened in the operator's own mail program, the subject filled in. */
const replyHref = (message: OperatorMessage) =>
  `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject ?? "your message to Veggie Cart"}`)}`;

function MessageCard({ message }: { message: OperatorMessage }) {
  const headingId = useId();
  const update = useUpdateOperatorMessage();
  // NOTE: null while the operator has not typed: the box then follows the server's note (another operator's
  // change, or this one's once saved).
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
          else toast.error(problemOf(error, "note", "Could not update this message. Please try again."));
        },
      },
    );
  const noteChanged = note.trim() !== message.note;

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ${message.read ? "ring-stone-200" : "ring-2 ring-brand-600"}`}
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="break-words text-lg font-bold text-stone-900">
              {message.subject ?? `Contact message from ${message.name}`}
            </h3>
            <p className="text-sm text-stone-600">
              {message.kind === "faq" ? "FAQ question" : "Contact form"} from {message.name} ·{" "}
              <time dateTime={message.createdAt}>{receivedAt.format(new Date(message.createdAt))}</time>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {message.read ? null : <span className={`${pill} bg-brand-700 text-white`}>Unread</span>}
            <span
              className={`${pill} ${message.handled ? "bg-brand-100 text-brand-900" : "bg-amber-100 text-amber-900"}`}
            >
              {message.handled ? "Handled" : "Not handled"}
            </span>
          </div>
        </header>
        <p className="mt-3 whitespace-pre-line break-words text-stone-800">{message.message}</p>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href={replyHref(message)} className="break-all font-semibold text-brand-800 underline">
            Reply to {message.email}
          </a>
          {message.phone ? (
            <a href={`tel:${message.phone.replace(/[^\d+]/g, "")}`} className="text-brand-800 underline">
              {message.phone}
            </a>
          ) : null}
        </p>
        <TextAreaField
          label="Note (only operators see it)"
          rows={2}
          maxLength={NOTE_MAX_LENGTH}
          value={note}
          error={noteError}
          onChange={(event) => {
            setDraft(event.target.value);
            setNoteError(undefined);
          }}
          className="mt-4"
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={update.isPending}
            onClick={() =>
              change({ read: !message.read }, message.read ? "Marked as unread." : "Marked as read.")
            }
          >
            {message.read ? "Mark unread" : "Mark read"}
          </Button>
          {noteChanged ? (
            <Button
              variant="secondary"
              disabled={update.isPending}
              onClick={() => change({ note: note.trim() }, "Note saved.")}
            >
              Save note
            </Button>
          ) : null}
          <Button
            disabled={update.isPending}
            onClick={() =>
              change(
                message.handled
                  ? { handled: false }
                  : { handled: true, read: true, ...(noteChanged ? { note: note.trim() } : {}) },
                message.handled ? "Message reopened." : "Message marked as handled.",
              )
            }
          >
            {message.handled ? "Reopen" : "Mark handled"}
          </Button>
        </div>
      </article>
    </li>
  );
}

/** The operator's inbox at /admin/inbox: messages to the shop, unread first, newest first. */
export function OperatorInboxSection() {
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
            Inbox
          </h2>
          <p className="text-sm text-stone-600">
            FAQ questions and contact messages sent to the shop. {unread} unread.
          </p>
        </div>
        <SelectField
          label="Show"
          value={filter}
          onChange={(event) => setFilter(event.target.value as InboxFilter)}
          options={INBOX_FILTERS.map((value) => ({ value, label: filterLabels[value] }))}
        />
      </div>
      <LoadState query={inbox} what="messages" isEmpty={list.length === 0} empty="No messages here.">
        <ul aria-label="Messages to the shop" className="space-y-4">
          {list.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ul>
        <ShowMoreButton pages={inbox} label="Show more messages" />
      </LoadState>
    </section>
  );
}
