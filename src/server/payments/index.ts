export {
  type CreatedLink,
  type GatewayEvent,
  type GatewayName,
  type GatewayPayment,
  GatewayUnavailable,
  type NewLink,
  type PaymentGateway,
  type RefundStatus,
  type SignedReturn,
} from "./gateway.ts";
export { openGateway, type PaymentSettings } from "./open-gateway.ts";
export { razorpayGateway } from "./razorpay-gateway.ts";
export { razorpaySignature } from "./signatures.ts";
export { testGatewayRoutes } from "./test-gateway.routes.ts";
export { TEST_KEY_SECRET, TEST_WEBHOOK_SECRET, type TestGateway, testGateway } from "./test-gateway.ts";
