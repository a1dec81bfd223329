import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ImageBytesSchema } from "../../shared/schemas/api.ts";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import {
  DealPictureReplySchema,
  DealPlanInputSchema,
  DealPlanningSchema,
} from "../../shared/schemas/deal-plans.ts";
import { productMessages } from "../../shared/schemas/product-form.ts";
import { requireOperator } from "../auth/index.ts";
import { AppError, documentOnly, type MultipartForm, readMultipart } from "../http/index.ts";
import { admitUpload } from "../images/index.ts";
import { dealPlanning, planDeal, removePlannedDeal, replanDeal, uploadDealPicture } from "./deals.service.ts";

/** A planned deal's own picture: the file alone. */
const pictureForm: MultipartForm = {
  textFields: new Set(),
  fileField: "image",
  fileMissing: productMessages.imageMissing,
  fileTooLarge: productMessages.imageTooLarge,
  tooLong: (field) => `The field "${field}" is too long`,
  notMultipart: "Send the picture as multipart/form-data",
};

/** `/api/admin/deal`: today's deal and the plans; plan the deal from a shop date on (operators only). */
export async function dealsAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/deal", { schema: { response: { 200: DealPlanningSchema } } }, async (request) => {
    requireOperator(request);
    return dealPlanning(request.ctx);
  });

  typed.put(
    "/deal",
    { schema: { body: DealPlanInputSchema, response: { 200: DealPlanningSchema } } },
    async (request) => {
      const operator = requireOperator(request);
      const input = request.body;
      return planDeal(request.ctx, operator, input);
    },
  );

  typed.post(
    "/deal/pictures",
    {
      schema: {
        consumes: ["multipart/form-data"],
        body: documentOnly(z.object({ image: ImageBytesSchema })),
        response: { 201: DealPictureReplySchema },
      },
    },
    async (request, reply) => {
      const operator = requireOperator(request);
      // NOTE: admitted before the body is read, as a product's photo is: the image queue is shared.
      const admission = admitUpload(request, operator.id);
      try {
        const upload = await readMultipart(request, pictureForm);
        if (!upload.file) {
          throw new AppError("validation_failed", productMessages.imageMissing, {
            image: productMessages.imageMissing,
          });
        }
        return reply.status(201).send(await uploadDealPicture(request.ctx, operator, upload.file));
      } finally {
        admission.release();
      }
    },
  );

  // A planned day, changed or removed before it comes.
  typed.put(
    "/deal/plans/:id",
    { schema: { params: IdParamsSchema, body: DealPlanInputSchema, response: { 200: DealPlanningSchema } } },
    async (request) => {
      const operator = requireOperator(request);
      return replanDeal(request.ctx, operator, request.params.id, request.body);
    },
  );
  typed.delete(
    "/deal/plans/:id",
    { schema: { params: IdParamsSchema, response: { 200: DealPlanningSchema } } },
    async (request) => {
      const operator = requireOperator(request);
      return removePlannedDeal(request.ctx, operator, request.params.id);
    },
  );
}
