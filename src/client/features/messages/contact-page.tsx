import { type FormEvent, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { messages } from "../../../shared/messages.ts";
import {
  ContactMessageSchema,
  DELIVERY_PREFERENCES,
  type DeliveryPreference,
  deliveryPreferenceLabels,
  PREFERRED_TIMES,
  type PreferredTime,
  preferredTimeLabels,
} from "../../../shared/schemas/messages.ts";
import { Button } from "../../components/button.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { fieldErrors, focusFirstInvalid } from "../../lib/form-errors.ts";
import { contactCopyFor } from "./contact-topics.ts";
import { useFarmers } from "./farmers.api.ts";
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
  return <ContactForm key={copy.title} copy={copy} />;
}

function ContactForm({ copy }: { copy: ReturnType<typeof contactCopyFor> }) {
  const [values, setValues] = useState<ContactValues>(() => emptyValues(copy.message));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const farmers = useFarmers();
  const send = useSendMessage();

  const update = (field: keyof ContactValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ContactMessageSchema.safeParse({ kind: "contact", ...values });
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync({ kind: "contact", ...values });
      toast.success(messages.contactSent);
      setValues(emptyValues(copy.message));
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) showErrors(error.fields);
      toast.error(error instanceof Error ? error.message : messages.sendFailed);
    }
  }

  const farmerOptions = [
    {
      value: "",
      label: farmers.isPending ? "Loading farmers..." : "No preference",
    },
    ...(farmers.data ?? []).map((farmer) => ({ value: farmer.id, label: farmer.name })),
  ];

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-5 lg:py-14">
      <div className="lg:col-span-2">
        <PageIntro eyebrow="Contact" title={copy.title} intro={copy.intro} />
        <ul className="mt-8 space-y-4">
          <InfoPoint icon="truck" title="Delivery within 24 hours">
            Orders are processed and delivered within 24 hours of being placed.
          </InfoPoint>
          <InfoPoint icon="return" title="7-day returns">
            Return an item within 7 days of delivery if it is not as fresh as promised.
          </InfoPoint>
          <InfoPoint icon="phone" title="Straight to the grower">
            Your message reaches the farmer you choose, who replies by phone or e-mail.
          </InfoPoint>
        </ul>
      </div>
      <section
        aria-labelledby="contact-form-title"
        className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-stone-200 sm:p-8 lg:col-span-3"
      >
        <h2 id="contact-form-title" className="text-xl font-bold text-brand-900">
          Send a message
        </h2>
        <p className="mt-1 text-sm text-stone-600">Fields marked * are required.</p>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
          <TextField
            label="Name *"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            error={errors.name}
            onChange={update("name")}
          />
          <TextField
            label="Email *"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={values.email}
            error={errors.email}
            onChange={update("email")}
          />
          <TextField
            label="Phone *"
            type="tel"
            name="phone"
            autoComplete="tel"
            required
            value={values.phone}
            error={errors.phone}
            onChange={update("phone")}
          />
          <SelectField
            label="Farmer"
            name="farmerId"
            value={values.farmerId}
            error={errors.farmerId}
            hint={
              farmers.isError
                ? "The list of farmers could not be loaded; the Veggie Cart team will pass your message on."
                : "With no preference, the Veggie Cart team passes your message on."
            }
            options={farmerOptions}
            onChange={update("farmerId")}
          />
          <SelectField
            label="Delivery preference"
            name="deliveryPreference"
            value={values.deliveryPreference}
            error={errors.deliveryPreference}
            options={DELIVERY_PREFERENCES.map((value) => ({ value, label: deliveryPreferenceLabels[value] }))}
            onChange={update("deliveryPreference")}
          />
          <SelectField
            label="Preferred time to be contacted"
            name="preferredTime"
            value={values.preferredTime}
            error={errors.preferredTime}
            options={PREFERRED_TIMES.map((value) => ({ value, label: preferredTimeLabels[value] }))}
            onChange={update("preferredTime")}
          />
          <TextAreaField
            className="sm:col-span-2"
            label="Message"
            name="message"
            value={values.message}
            error={errors.message}
            onChange={update("message")}
          />
          <div className="sm:col-span-2">
            <Button type="submit" className="w-full sm:w-auto" disabled={send.isPending}>
              {send.isPending ? "Sending..." : "Send message"}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
