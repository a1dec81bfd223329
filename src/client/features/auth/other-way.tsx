import { Trans } from "@lingui/react/macro";
import { type ComponentType, useState } from "react";
import { Button } from "../../components/button.tsx";
import { phoneSignInOffered } from "../../lib/phone-reach.ts";
import { useMe } from "./me.api.ts";

type PhoneForm = ComponentType<{ purpose: "sign-in" | "sign-up" }>;

/**
 * "Use my mobile number instead" under the sign-in and sign-up forms (issue 37). The phone form's code is
 * fetched on the first click, not with /login's first JavaScript, which is held to 100 KB (decision 043). Not
 * offered when the shop can send no code (production without a WhatsApp or SMS provider).
 */
export function useOtherWay(purpose: "sign-in" | "sign-up") {
  const [byPhone, setByPhone] = useState(false);
  const [Form, setForm] = useState<PhoneForm | null>(null);
  const [loading, setLoading] = useState(false);

  async function toggle() {
    if (!byPhone && !Form) {
      setLoading(true);
      try {
        const { PhoneSignIn } = await import("./phone-sign-in.tsx");
        setForm(() => PhoneSignIn);
      } finally {
        setLoading(false);
      }
    }
    setByPhone(!byPhone);
  }

  // NOTE: the session's answer says whether a code can be sent; reading it re-renders once it came.
  useMe();
  if (!phoneSignInOffered()) return { byPhone: false, phoneForm: null, switchButton: null };
  const phoneForm = byPhone && Form ? <Form purpose={purpose} /> : null;
  const switchButton = (
    <p className="mt-4 text-center">
      <Button variant="secondary" className="w-full" disabled={loading} onClick={toggle}>
        {byPhone ? <Trans>Use my email address instead</Trans> : <Trans>Use my mobile number instead</Trans>}
      </Button>
    </p>
  );
  return { byPhone, phoneForm, switchButton };
}
