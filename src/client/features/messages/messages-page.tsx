import { deliveryPreferenceLabels, preferredTimeLabels } from "../../../shared/schemas/messages.ts";
import { Button } from "../../components/button.tsx";
import { MailIcon } from "../../components/icons.tsx";
import { Pending } from "../../components/pending.tsx";
import { useInbox } from "./inbox.api.ts";
import { PageIntro } from "./page-parts.tsx";

const receivedAt = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

/** /messages: what shoppers sent the signed-in farmer through the contact form. */
export function MessagesPage() {
  const inbox = useInbox();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 lg:py-14">
      <PageIntro
        eyebrow="Inbox"
        title="Messages"
        intro="Messages shoppers sent you through the contact form, newest first."
      />
      <div className="mt-8">
        {inbox.isPending ? (
          <Pending label="Loading messages..." />
        ) : inbox.isError ? (
          <div role="alert" className="rounded-xl bg-red-50 p-6 text-center text-red-800 ring-1 ring-red-200">
            <p>Your messages could not be loaded. Please try again.</p>
            <Button className="mt-4" onClick={() => inbox.refetch()}>
              Try again
            </Button>
          </div>
        ) : inbox.data.length === 0 ? (
          <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-stone-200">
            <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              <MailIcon className="h-6 w-6" />
            </span>
            <h2 className="mt-4 text-lg font-bold text-stone-900">No messages yet</h2>
            <p className="mt-1 text-stone-700">
              When a shopper contacts you about your products, their message appears here.
            </p>
          </div>
        ) : (
          <ul aria-label="Messages from shoppers" className="space-y-4">
            {inbox.data.map((message) => (
              <li key={message.id}>
                <article
                  aria-labelledby={`message-${message.id}`}
                  className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
                >
                  <header className="flex flex-wrap items-baseline justify-between gap-2">
                    <h2 id={`message-${message.id}`} className="text-lg font-bold text-stone-900">
                      {message.name}
                    </h2>
                    <time dateTime={message.createdAt} className="text-sm text-stone-600">
                      {receivedAt.format(new Date(message.createdAt))}
                    </time>
                  </header>
                  <p className="mt-3 whitespace-pre-line text-stone-800">
                    {message.message || <span className="text-stone-600 italic">No message text</span>}
                  </p>
                  <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                    <div>
                      <dt className="font-medium text-stone-600">Email</dt>
                      <dd>
                        <a
                          className="text-brand-800 underline-offset-2 hover:underline"
                          href={`mailto:${message.email}`}
                        >
                          {message.email}
                        </a>
                      </dd>
                    </div>
                    <div>
                      <dt className="font-medium text-stone-600">Phone</dt>
                      <dd>
                        <a
                          className="text-brand-800 underline-offset-2 hover:underline"
                          href={`tel:${message.phone.replace(/[^0-9+]/g, "")}`}
                        >
                          {message.phone}
                        </a>
                      </dd>
                    </div>
                    <div>
                      <dt className="font-medium text-stone-600">Delivery preference</dt>
                      <dd className="text-stone-800">
                        {deliveryPreferenceLabels[message.deliveryPreference]}
                      </dd>
                    </div>
                    <div>
                      <dt className="font-medium text-stone-600">Preferred time</dt>
                      <dd className="text-stone-800">{preferredTimeLabels[message.preferredTime]}</dd>
                    </div>
                  </dl>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
