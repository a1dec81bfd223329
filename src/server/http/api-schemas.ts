import { createHash } from "node:crypto";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { createJsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { ApiErrorSchema } from "../../shared/api-error.ts";
import { clientHasCurrent } from "./cache.ts";
import { validationError } from "./errors.ts";

/**
 * Routes declare their request and response shapes with the zod schemas of src/shared (through
 * fastify-type-provider-zod): one declaration types the handler, validates what comes in (a failure is our
 * usual 400 `validation_failed` with a message per field), checks every reply against its schema, and
 * becomes the OpenAPI document at /api/openapi.json, browsable at /api/docs. docs/architecture.md ("The API
 * contract") has the whole picture.
 */

const documentedOnly = new WeakSet<object>();

/**
 * Marks a schema as documentation only: it appears in the OpenAPI document, but requests are not validated
 * against it (a multipart upload, read part by part by its route) and replies are not serialized by it
 * (image bytes).
 */
export function documentOnly<S extends ZodType>(schema: S): S {
  documentedOnly.add(schema);
  return schema;
}

const DOCS_PREFIX = "/api/docs";
const zodToOpenApi = createJsonSchemaTransform({ skipList: [] });
export const OPENAPI_URL = "/api/openapi.json";

export async function registerApiSchemas(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(({ schema }) => {
    if (documentedOnly.has(schema as object)) return (data) => ({ value: data });
    const zodSchema = schema as ZodType;
    return (data) => {
      const result = zodSchema.safeParse(data ?? {});
      return result.success ? { value: result.data } : { error: validationError(result.error) };
    };
  });
  app.setSerializerCompiler((route) => {
    if (documentedOnly.has(route.schema as object)) return (data) => JSON.stringify(data);
    return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  });

  // NOTE: every API route answers errors in one shape; it is declared here once rather than on each route.
  app.addHook("onRoute", (route: RouteOptions) => {
    if (route.url.startsWith(DOCS_PREFIX)) {
      // NOTE: the reference is public, like the document it shows.
      route.config = { ...route.config, public: true };
      // The reference's own copy of the document is ours, written once (below); so is its YAML.
      if (route.url === `${DOCS_PREFIX}/json`)
        route.handler = (_request, reply) => reply.redirect(OPENAPI_URL);
      if (route.url === `${DOCS_PREFIX}/yaml`)
        route.handler = (request, reply) => sendDocument(request, reply, "application/x-yaml", yamlDocument);
      return;
    }
    if (!route.url.startsWith("/api/") || !route.schema) return;
    const response = (route.schema.response ?? {}) as Record<string, unknown>;
    // NOTE: documented, not serialized through zod: the error handler builds every error body from the error
    // catalogue (never from a database row), so there is nothing to strip, and a 401 costs less.
    const errorReply = documentOnly(ApiErrorSchema);
    route.schema.response = { ...response, "4xx": errorReply, "5xx": errorReply };
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Veggie Cart API",
        version: "1",
        description:
          "JSON under /api. Errors are { error: { code, message, fields? } } with a code from the catalogue. " +
          "The session is an HttpOnly cookie; state-changing requests send the header x-veggie-cart: 1.",
      },
    },
    // NOTE: only the API is documented, not the SPA's files nor the reference's own pages.
    transform: (document) =>
      document.url.startsWith("/api/") && !document.url.startsWith(DOCS_PREFIX)
        ? zodToOpenApi(document)
        : { schema: { hide: true }, url: document.url },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // NOTE: the UI's own page and scripts come from our origin, so the app's Content-Security-Policy holds.
    staticCSP: false,
    uiConfig: { url: OPENAPI_URL, validatorUrl: null },
  });
  // NOTE: the document is the same for the life of the process: written once, as bytes, with a tag a browser
  // revalidates against, instead of serialized (and encoded) again for every reader: anyone may ask for it, and
  // the fuzzing alone asks 1,000 times a run.
  const jsonDocument = once(() => JSON.stringify(app.swagger()));
  const yamlDocument = once(() => app.swagger({ yaml: true }));
  app.get(OPENAPI_URL, { config: { public: true }, schema: { hide: true } }, (request, reply) =>
    sendDocument(request, reply, "application/json; charset=utf-8", jsonDocument),
  );
}

interface WrittenDocument {
  body: Buffer;
  etag: string;
}

function once(write: () => string): () => WrittenDocument {
  let written: WrittenDocument | undefined;
  return () => {
    if (!written) {
      const body = Buffer.from(write());
      written = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
    }
    return written;
  };
}

function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  document: () => WrittenDocument,
): FastifyReply {
  const { body, etag } = document();
  reply.header("etag", etag).header("cache-control", "no-cache");
  if (clientHasCurrent(request, etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}
