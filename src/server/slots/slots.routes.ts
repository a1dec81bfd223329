import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import {
  DeliveryAreaSchema,
  FarmerSlotListSchema,
  FarmerSlotResponseSchema,
  FarmerSlotsQuerySchema,
  PackingListSchema,
  PickupPointInputSchema,
  PickupPointListSchema,
  PickupPointPatchSchema,
  PickupPointResponseSchema,
  SlotChoicesSchema,
  SlotPatchSchema,
  SlotPatternInputSchema,
  SlotPatternListSchema,
  SlotPatternPatchSchema,
  SlotPatternResponseSchema,
  SlotsQuerySchema,
} from "../../shared/schemas/slots.ts";
import type { Actor } from "../audit/index.ts";
import { requireUser } from "../auth/index.ts";
import { callerLanguage, sendCsv } from "../http/index.ts";
import { slotChoices } from "./buyers.service.ts";
import { listOwnSlots, patchOwnSlot } from "./dated-slots.service.ts";
import { packingList, packingListCsv } from "./packing-list.service.ts";
import {
  createPickupPoint,
  createSlotPattern,
  deleteSlotPattern,
  getDeliveryArea,
  listPickupPoints,
  listSlotPatterns,
  retirePickupPoint,
  setDeliveryArea,
  updatePickupPoint,
  updateSlotPattern,
} from "./setup.service.ts";
import type { Owner, SlotsContext } from "./slots-context.ts";

/** Whose set-up a request is about, and the operator to audit for its changes (none for a farmer's own). */
export interface SetupAccess {
  owner: Owner;
  actor?: Actor;
}

/**
 * The set-up of delivery slots and pickup points, mounted twice: under /api/farmer for the signed-in farmer's
 * own, and under /api/admin/shop-slots for the shop's own part (owner null, changes audited). Another owner's
 * point, pattern or slot is a 404, never a 403, so nobody learns it exists.
 */
export function slotSetupRoutes(accessOf: (request: FastifyRequest) => SetupAccess) {
  const setup: SetupRequest = {
    ownerOf: (request) => accessOf(request).owner,
    ctx: (request) => {
      const { actor } = accessOf(request);
      return { ...request.ctx, ...(actor ? { auditActor: actor } : {}) };
    },
  };
  return async (app: FastifyInstance) => {
    for (const routes of [pickupPointRoutes, deliveryAreaRoutes, slotPatternRoutes, datedSlotRoutes]) {
      routes(typedApp(app), setup);
    }
  };
}

/** What a set-up route reads of its request: whose set-up, and the context its service takes. */
interface SetupRequest {
  ownerOf: (request: FastifyRequest) => Owner;
  ctx: (request: FastifyRequest) => SlotsContext;
}

type TypedApp = ReturnType<typeof typedApp>;
const typedApp = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/**
 * One of the owner's lists (pickup points, weekly slots): read, added (201) and changed, each item answered
 * under its `key` (`{ pickupPoint }`). NOTE: the bodies are cast: over a generic schema the type provider
 * cannot resolve what it checked, which is the schema's output.
 */
function ownedListRoutes<Item, Input extends ZodType, Patch extends ZodType>(
  typed: TypedApp,
  { ownerOf, ctx }: SetupRequest,
  path: string,
  key: string,
  schemas: { list: ZodType; item: ZodType; input: Input; patch: Patch },
  service: {
    list: (ctx: SlotsContext, owner: Owner) => Promise<Item[]>;
    create: (ctx: SlotsContext, owner: Owner, input: z.output<Input>) => Promise<Item>;
    update: (ctx: SlotsContext, owner: Owner, id: string, patch: z.output<Patch>) => Promise<Item>;
  },
): void {
  typed.get(path, { schema: { response: { 200: schemas.list } } }, async (request) => ({
    items: await service.list(ctx(request), ownerOf(request)),
  }));
  typed.post(
    path,
    { schema: { body: schemas.input, response: { 201: schemas.item } } },
    async (request, reply) =>
      reply.status(201).send({
        [key]: await service.create(ctx(request), ownerOf(request), request.body as z.output<Input>),
      }),
  );
  typed.patch(
    `${path}/:id`,
    { schema: { params: IdParamsSchema, body: schemas.patch, response: { 200: schemas.item } } },
    async (request) => ({
      [key]: await service.update(
        ctx(request),
        ownerOf(request),
        request.params.id,
        request.body as z.output<Patch>,
      ),
    }),
  );
}

/** The owner's pickup points. */
function pickupPointRoutes(typed: TypedApp, setup: SetupRequest): void {
  ownedListRoutes(
    typed,
    setup,
    "/pickup-points",
    "pickupPoint",
    {
      list: PickupPointListSchema,
      item: PickupPointResponseSchema,
      input: PickupPointInputSchema,
      patch: PickupPointPatchSchema,
    },
    { list: listPickupPoints, create: createPickupPoint, update: updatePickupPoint },
  );
  const { ownerOf, ctx } = setup;
  /** Retires the point (it keeps its past orders). */
  typed.delete(
    "/pickup-points/:id",
    { schema: { params: IdParamsSchema, response: { 200: PickupPointResponseSchema } } },
    async (request) => ({
      pickupPoint: await retirePickupPoint(ctx(request), ownerOf(request), request.params.id),
    }),
  );
}

/** The owner's delivery area (its PIN prefixes). */
function deliveryAreaRoutes(typed: TypedApp, { ownerOf, ctx }: SetupRequest): void {
  typed.get("/delivery-area", { schema: { response: { 200: DeliveryAreaSchema } } }, async (request) =>
    getDeliveryArea(ctx(request), ownerOf(request)),
  );
  typed.put(
    "/delivery-area",
    { schema: { body: DeliveryAreaSchema, response: { 200: DeliveryAreaSchema } } },
    async (request) => setDeliveryArea(ctx(request), ownerOf(request), request.body),
  );
}

/** The owner's weekly slots. */
function slotPatternRoutes(typed: TypedApp, setup: SetupRequest): void {
  ownedListRoutes(
    typed,
    setup,
    "/slot-patterns",
    "slotPattern",
    {
      list: SlotPatternListSchema,
      item: SlotPatternResponseSchema,
      input: SlotPatternInputSchema,
      patch: SlotPatternPatchSchema,
    },
    { list: listSlotPatterns, create: createSlotPattern, update: updateSlotPattern },
  );
  const { ownerOf, ctx } = setup;
  typed.delete(
    "/slot-patterns/:id",
    { schema: { params: IdParamsSchema, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      await deleteSlotPattern(ctx(request), ownerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** The owner's dated slots and each one's packing list. */
function datedSlotRoutes(typed: TypedApp, { ownerOf, ctx }: SetupRequest): void {
  typed.get(
    "/slots",
    { schema: { querystring: FarmerSlotsQuerySchema, response: { 200: FarmerSlotListSchema } } },
    async (request) => ({ items: await listOwnSlots(ctx(request), ownerOf(request), request.query) }),
  );
  typed.patch(
    "/slots/:id",
    {
      schema: {
        params: IdParamsSchema,
        body: SlotPatchSchema,
        response: { 200: FarmerSlotResponseSchema },
      },
    },
    async (request) => {
      const { slot } = await patchOwnSlot(ctx(request), ownerOf(request), request.params.id, request.body);
      // NOTE: the buyers of a slot closed with orders are mailed from its transaction (decision 018).
      return { slot };
    },
  );

  typed.get(
    "/slots/:id/packing-list",
    { schema: { params: IdParamsSchema, response: { 200: PackingListSchema } } },
    async (request) =>
      packingList(ctx(request), ownerOf(request), request.params.id, callerLanguage(request)),
  );
  typed.get(
    "/slots/:id/packing-list.csv",
    {
      schema: {
        params: IdParamsSchema,
        produces: ["text/csv"],
        response: { 200: z.string().describe("The packing list as CSV, one row per order line") },
      },
    },
    async (request, reply) => {
      const language = callerLanguage(request);
      const list = await packingList(ctx(request), ownerOf(request), request.params.id, language);
      return sendCsv(
        reply,
        `packing-list-${list.slot.date}-${list.slot.start.replace(":", "")}.csv`,
        packingListCsv(list, language),
      );
    },
  );
}

/** GET /api/slots: the slots a buyer can choose from at checkout, per farmer in the cart. */
export async function slotsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/",
    { schema: { querystring: SlotsQuerySchema, response: { 200: SlotChoicesSchema } } },
    async (request) => {
      requireUser(request);
      return { farmers: await slotChoices(request.ctx, request.query.farmerIds, request.query.pin) };
    },
  );
}

/** The farmer's own set-up, under /api/farmer. */
export const farmerSlotRoutes = slotSetupRoutes((request) => ({ owner: requireUser(request).id }));
