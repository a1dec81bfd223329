import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
} from "../../shared/schemas/notifications.ts";
import { requireUser } from "../auth/index.ts";
import { notificationSettings, updateNotificationSettings } from "../notify/index.ts";

/**
 * `/api/account/notifications` (issue 37, decision 063): which channels carry the news of the orders I buy and
 * of the orders I fulfil. Turning WhatsApp or SMS on is consent, recorded with its time.
 */
export async function notificationRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const reply = { response: { 200: NotificationSettingsSchema } };
  typed.get("/", { schema: reply }, async (request) =>
    notificationSettings(request.ctx, requireUser(request).id),
  );
  typed.put("/", { schema: { body: NotificationSettingsUpdateSchema, ...reply } }, async (request) =>
    updateNotificationSettings(request.ctx, requireUser(request).id, request.body),
  );
}
