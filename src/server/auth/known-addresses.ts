import type { FastifyInstance, FastifyRequest } from "fastify";
import { emailKeyOf } from "../http/index.ts";

/** How long an address the account signed in from stays known (exempt from limits others can exhaust). */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/** The account (by its hashed e-mail, from the body) at this client address. */
const knownAddressKey = (request: FastifyRequest) => `auth-known:${emailKeyOf(request)}:${request.clientKey}`;

/** Remembers that the account named in the body signed in from this client address. */
export const rememberKnownAddress = (app: FastifyInstance, request: FastifyRequest) =>
  app.limitStore.remember(knownAddressKey(request), KNOWN_ADDRESS_MS);

/**
 * True when the account named in the body has signed in from this client address: its owner's own requests
 * pass the limits an attacker elsewhere could exhaust for the account (sign-in, password reset).
 */
export const isKnownAddress = (app: FastifyInstance, request: FastifyRequest) =>
  app.limitStore.has(knownAddressKey(request));
