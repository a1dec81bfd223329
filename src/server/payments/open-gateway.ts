import type { PaymentGateway } from "./gateway.ts";
import { razorpayGateway } from "./razorpay-gateway.ts";
import { testGateway } from "./test-gateway.ts";

/** Which gateway takes Pay now (config.ts reads it from PAYMENT_GATEWAY and RAZORPAY_*). */
export type PaymentSettings =
  | { gateway: "none" }
  | { gateway: "test" }
  | {
      gateway: "razorpay";
      keyId: string;
      keySecret: string;
      webhookSecret: string;
      apiUrl: string;
      /** A call not answered by then counts as the gateway down (default 10 s; tests shorten it). */
      timeoutMs?: number;
    };

/** The gateway the settings name; undefined for none (pay on delivery only). */
export function openGateway(settings: PaymentSettings, publicUrl: string): PaymentGateway | undefined {
  if (settings.gateway === "razorpay") return razorpayGateway(settings);
  if (settings.gateway === "test") return testGateway(publicUrl);
  return undefined;
}
