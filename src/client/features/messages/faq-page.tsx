import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";
import { messages } from "../../../shared/messages.ts";
import { FaqMessageSchema } from "../../../shared/schemas/messages.ts";
import { Button } from "../../components/button.tsx";
import { ChevronDownIcon, MailIcon } from "../../components/icons.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { sayShared } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { faqGroups } from "./faq-content.ts";
import { PageIntro } from "./page-parts.tsx";
import { useSendMessage } from "./send-message.api.ts";

const emptyValues = { name: "", email: "", subject: "", message: "" };

/** /faq: questions and answers, and the message-to-creator form. */
export function FaqPage() {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 lg:py-14">
      <PageIntro
        eyebrow={t`Help`}
        title={t`Frequently Asked Questions`}
        intro={t`Shipping, returns, freshness, payments and selling your own produce: the short answers.`}
      />
      <div className="mt-8 space-y-8">
        {faqGroups.map((group) => (
          <section key={group.id} aria-labelledby={`faq-${group.id}`}>
            <h2 id={`faq-${group.id}`} className="text-lg font-bold text-brand-900">
              {_(group.topic)}
            </h2>
            <div className="mt-3 divide-y divide-stone-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
              {group.items.map((item) => (
                <details key={item.question.id} className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-stone-900 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
                    {_(item.question)}
                    <ChevronDownIcon className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" />
                  </summary>
                  <p className="px-5 pb-4 text-stone-700">{_(item.answer)}</p>
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
  const { t } = useLingui();
  const form = useFormFields(emptyValues);
  const send = useSendMessage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { kind: "faq" as const, ...form.values };
    if (!form.validate(FaqMessageSchema, input).ok) return;
    try {
      await send.mutateAsync(input);
      toast.success(sayShared(messages.faqSent));
      form.reset(emptyValues);
    } catch (error) {
      form.showServerErrors(error);
      toast.error(error instanceof Error ? error.message : sayShared(messages.sendFailed));
    }
  }

  return (
    <section
      aria-labelledby="creator-form-title"
      className="mt-12 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <MailIcon />
        </span>
        <div>
          <h2 id="creator-form-title" className="text-xl font-bold text-brand-900">
            <Trans>Still have a question? Message the site creator</Trans>
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            <Trans>All fields are required.</Trans>
          </p>
        </div>
      </div>
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField label={t`Name`} autoComplete="name" required {...form.field("name")} />
        <TextField label={t`Email`} type="email" autoComplete="email" required {...form.field("email")} />
        <TextField className="sm:col-span-2" label={t`Subject`} required {...form.field("subject")} />
        <TextAreaField className="sm:col-span-2" label={t`Message`} required {...form.field("message")} />
        <div className="sm:col-span-2">
          <Button type="submit" className="w-full sm:w-auto" disabled={send.isPending}>
            {send.isPending ? t`Sending...` : t`Send to the site creator`}
          </Button>
        </div>
      </form>
    </section>
  );
}
