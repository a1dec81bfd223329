import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AddressInputSchema,
  AddressListSchema,
  SavedAddressReplySchema,
} from "../../shared/schemas/addresses.ts";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import { requireUser } from "../auth/index.ts";
import { deleteAddress, listAddresses, saveAddress } from "./addresses.service.ts";

/** `/api/account/addresses`: the shipping addresses the signed-in account keeps for checkout (decision 027). */
export async function addressesRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get("/", { schema: { response: { 200: AddressListSchema } } }, async (request) => ({
    addresses: await listAddresses(request.ctx, requireUser(request).id),
  }));

  const saveSchema = {
    body: AddressInputSchema,
    response: { 200: SavedAddressReplySchema, 201: SavedAddressReplySchema },
  };
  typed.post("/", { schema: saveSchema }, async (request, reply) => {
    const { address, created } = await saveAddress(request.ctx, requireUser(request).id, request.body);
    return reply.status(created ? 201 : 200).send({ address });
  });

  const deleteSchema = { params: IdParamsSchema, response: { 204: NoContentSchema } };
  typed.delete("/:id", { schema: deleteSchema }, async (request, reply) => {
    await deleteAddress(request.ctx, requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });
}
