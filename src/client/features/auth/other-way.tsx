import { Trans } from "@lingui/react/macro";
import { type ComponentType, useState } from "react";
import { Button } from "../../components/button.tsx";

type PhoneForm = ComponentType<{ purpose: "sign-in" | "sign-up" }>;

/**
 * "Use my mobile number instead" under the sign-in and sign-up forms (issue 37). The phone form's code is
 * fetched on the first click, not with /login's first JavaScript, which is held to 100 KB (decision 043).
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
