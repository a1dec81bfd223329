import { Trans, useLingui } from "@lingui/react/macro";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { paiseToRupees, rupeesToPaise } from "../../../shared/money.ts";
import { isPaidInFull } from "../../../shared/schemas/order-parts.ts";
import type { OrderPart } from "../../../shared/schemas/orders.ts";
import { billText } from "./format.ts";

/**
 * The QR code of a `upi://pay` link, drawn as SVG: error correction M (a phone reads it through a smudge), a
 * quiet zone of four modules, 240 px wide (decision 020).
 */
function UpiQrCode({ uri, label }: { uri: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 4 }).then(
      (drawn) => live && setSvg(drawn),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  if (!svg) return null;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={240}
      height={240}
      className="rounded bg-white"
      data-testid="upi-qr"
    />
  );
}

/**
 * How to pay one part at the door, once its bill is final and until it is paid: "Pay ₹Y by UPI" with the
 * QR code and a link for a phone's UPI app, or "Pay in cash on delivery" when the farmer has no UPI ID.
 */
export function PartPayment({
  part,
}: {
  part: Pick<OrderPart, "status" | "billFinal" | "total" | "payment" | "upi" | "slot">;
}) {
  const { t } = useLingui();
  if (part.status === "cancelled" || !part.billFinal || isPaidInFull(part.payment.state)) return null;
  const owed = paiseToRupees(rupeesToPaise(part.total) - rupeesToPaise(part.payment.received));
  // NOTE: a part picked up is paid at pickup, not "on delivery" (issue 40).
  const atPickup = part.slot?.kind === "pickup";
  if (!part.upi) {
    return (
      <p className="mt-3 font-semibold text-stone-900">
        {atPickup ? billText.cashAtPickup() : billText.cashOnly()}
      </p>
    );
  }
  const title = billText.payByUpi(owed);
  return (
    <section aria-label={title} className="mt-3 flex flex-wrap items-center gap-4 rounded-xl bg-brand-50 p-4">
      <UpiQrCode uri={part.upi.uri} label={t`QR code: ${title}`} />
      <div>
        <p className="font-semibold text-stone-900">{title}</p>
        <p className="mt-1 text-sm text-stone-700">
          <Trans>Scan the code with any UPI app, or on this phone:</Trans>
        </p>
        <a
          href={part.upi.uri}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          <Trans>Open in a UPI app</Trans>
        </a>
        <p className="mt-1 text-sm text-stone-700">
          {atPickup ? <Trans>Or pay in cash at pickup.</Trans> : <Trans>Or pay in cash on delivery.</Trans>}
        </p>
      </div>
    </section>
  );
}
