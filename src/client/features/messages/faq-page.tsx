import { type FormEvent, useRef, useState } from "react";
import { toast } from "react-toastify";
import { messages } from "../../../shared/messages.ts";
import { FaqMessageSchema } from "../../../shared/schemas/messages.ts";
import { Button } from "../../components/button.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { fieldErrors, focusFirstInvalid } from "../../lib/form-errors.ts";
import { faqGroups } from "./faq-content.ts";
import { LineIcon, PageIntro } from "./page-parts.tsx";
import { useSendMessage } from "./send-message.api.ts";

const emptyValues = { name: "", email: "", subject: "", message: "" };

/** /faq: questions and answers, and the message-to-creator form. */
export function FaqPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 lg:py-14">
      <PageIntro
        eyebrow="Help"
        title="Frequently Asked Questions"
        intro="Shipping, returns, freshness, payments and selling your own produce: the short answers."
      />
      <div className="mt-8 space-y-8">
        {faqGroups.map((group) => (
          <section key={group.topic} aria-labelledby={`faq-${group.topic}`}>
            <h2 id={`faq-${group.topic}`} className="text-lg font-bold text-brand-900">
              {group.topic}
            </h2>
            <div className="mt-3 divide-y divide-stone-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
              {group.items.map((item) => (
                <details key={item.question} className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-stone-900 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
                    {item.question}
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 24 24"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
                    >
                      <path d="m6 9 6 6 6-6" />
                    </svg>
                  </summary>
                  <p className="px-5 pb-4 text-stone-700">{item.answer}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
      <CreatorMessageForm />
    </div>
  );
}

function CreatorMessageForm() {
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const send = useSendMessage();

  const update = (field: keyof typeof emptyValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = FaqMessageSchema.safeParse({ kind: "faq", ...values });
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync({ kind: "faq", ...values });
      toast.success(messages.faqSent);
      setValues(emptyValues);
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) showErrors(error.fields);
      toast.error(error instanceof Error ? error.message : messages.sendFailed);
    }
  }

  return (
    <section
      aria-labelledby="creator-form-title"
      className="mt-12 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <LineIcon name="mail" />
        </span>
        <div>
          <h2 id="creator-form-title" className="text-xl font-bold text-brand-900">
            Still have a question? Message the site creator
          </h2>
          <p className="mt-1 text-sm text-stone-600">All fields are required.</p>
        </div>
      </div>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={errors.name}
          onChange={update("name")}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={update("email")}
        />
        <TextField
          className="sm:col-span-2"
          label="Subject"
          name="subject"
          required
          value={values.subject}
          error={errors.subject}
          onChange={update("subject")}
        />
        <TextAreaField
          className="sm:col-span-2"
          label="Message"
          name="message"
          required
          value={values.message}
          error={errors.message}
          onChange={update("message")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" className="w-full sm:w-auto" disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send to the site creator"}
          </Button>
        </div>
      </form>
    </section>
  );
}
