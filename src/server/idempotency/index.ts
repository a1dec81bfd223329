export { forgetUser } from "./idempotency.repository.ts";
export { idempotencyHeaders, sendOnce } from "./idempotency.routes.ts";
export { answerOnce, KEY_KEPT_MS } from "./idempotency.service.ts";
