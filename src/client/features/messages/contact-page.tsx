import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import { messages } from "../../../shared/messages.ts";
import {
  ContactMessageSchema,
  DELIVERY_PREFERENCES,
  type DeliveryPreference,
  PREFERRED_TIMES,
  type PreferredTime,
} from "../../../shared/schemas/messages.ts";
import { Button } from "../../components/button.tsx";
import { PhoneIcon, ReturnIcon, TruckIcon } from "../../components/icons.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { sayShared } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { contactCopyFor } from "./contact-topics.ts";
import { useFarmers } from "./farmers.api.ts";
import { deliveryPreferenceTexts, preferredTimeTexts } from "./labels.ts";
import { InfoPoint, PageIntro } from "./page-parts.tsx";
import { useSendMessage } from "./send-message.api.ts";

interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
  farmerId: string;
  deliveryPreference: DeliveryPreference;
  preferredTime: PreferredTime;
}

const emptyValues = (message: string): ContactValues => ({
  name: "",
  email: "",
  phone: "",
  message,
  farmerId: "",
  deliveryPreference: "standard",
  preferredTime: "any",
});

/** /contact: the form for reaching farmers; `?type=shipping|returns` changes its title and message. */
export function ContactPage() {
  const [searchParams] = useSearchParams();
  const type = searchParams.get("type");
  const copy = contactCopyFor(type);
  // NOTE: keyed by the copy so that following a footer link from one topic to another starts a fresh form.
  return <ContactForm key={copy.title.id} copy={copy} />;
}

/** The farmers to address (or none in particular), and what happens with no preference. */
function useFarmerChoice() {
  const { t } = useLingui();
  const farmers = useFarmers();
  return {
    hint: farmers.isError
      ? t`The list of farmers could not be loaded; the Veggie Cart team will pass your message on.`
      : t`With no preference, the Veggie Cart team passes your message on.`,
    options: [
      { value: "", label: farmers.isPending ? t`Loading farmers...` : t`No preference` },
      ...(farmers.data ?? []).map((farmer) => ({ value: farmer.id, label: farmer.name })),
    ],
  };
}

function ContactForm({ copy }: { copy: ReturnType<typeof contactCopyFor> }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const startMessage = copy.message ? _(copy.message) : "";
  const form = useFormFields<ContactValues>(() => emptyValues(startMessage));
  const farmerChoice = useFarmerChoice();
  const send = useSendMessage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { kind: "contact" as const, ...form.values };
    if (!form.validate(ContactMessageSchema, input).ok) return;
    try {
      await send.mutateAsync(input);
      toast.success(sayShared(messages.contactSent));
      form.reset(emptyValues(startMessage));
    } catch (error) {
      form.showServerErrors(error);
      toast.error(error instanceof Error ? error.message : sayShared(messages.sendFailed));
    }
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-5 lg:py-14">
      <div className="lg:col-span-2">
        <PageIntro eyebrow={t`Contact`} title={_(copy.title)} intro={_(copy.intro)} />
        <ContactPromises />
      </div>
      <section
        aria-labelledby="contact-form-title"
        className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8 lg:col-span-3"
      >
        <h2 id="contact-form-title" className="text-xl font-bold text-brand-900">
          <Trans>Send a message</Trans>
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          <Trans>Fields marked * are required.</Trans>
        </p>
        <form ref={form.formRef} onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
          <TextField label={t`Name *`} autoComplete="name" required {...form.field("name")} />
          <TextField label={t`Email *`} type="email" autoComplete="email" required {...form.field("email")} />
          <TextField label={t`Phone *`} type="tel" autoComplete="tel" required {...form.field("phone")} />
          <SelectField label={t`Farmer`} {...form.field("farmerId")} {...farmerChoice} />
          <SelectField
            label={t`Delivery preference`}
            {...form.field("deliveryPreference")}
            options={DELIVERY_PREFERENCES.map((value) => ({
              value,
              label: _(deliveryPreferenceTexts[value]),
            }))}
          />
          <SelectField
            label={t`Preferred time to be contacted`}
            {...form.field("preferredTime")}
            options={PREFERRED_TIMES.map((value) => ({ value, label: _(preferredTimeTexts[value]) }))}
          />
          <TextAreaField className="sm:col-span-2" label={t`Message`} {...form.field("message")} />
          <div className="sm:col-span-2">
            <Button type="submit" className="w-full sm:w-auto" disabled={send.isPending}>
              {send.isPending ? t`Sending...` : t`Send message`}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}

/** What the shop promises beside the form: delivery, returns, and who reads the message. */
function ContactPromises() {
  const { t } = useLingui();
  return (
    <ul className="mt-8 space-y-4">
      <InfoPoint icon={TruckIcon} title={t`Delivery within 24 hours`}>
        <Trans>
          Orders are processed and delivered within 24 hours of being placed, or in the delivery or pickup
          slot you choose at checkout.
        </Trans>
      </InfoPoint>
      <InfoPoint icon={ReturnIcon} title={t`7-day returns`}>
        <Trans>Return an item within 7 days of delivery if it is not as fresh as promised.</Trans>
      </InfoPoint>
      <InfoPoint icon={PhoneIcon} title={t`Straight to the grower`}>
        <Trans>Your message reaches the farmer you choose, who replies by phone or e-mail.</Trans>
      </InfoPoint>
    </ul>
  );
}
