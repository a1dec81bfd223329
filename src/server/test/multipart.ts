import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { request } from "./test-app.ts";

export type FormValue = string | { bytes: Uint8Array; filename?: string; type?: string };

/** A multipart body as a browser would send it (FormData serialised by fetch's Response). */
export async function multipartBody(
  fields: Record<string, FormValue | FormValue[]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, values] of Object.entries(fields)) {
    for (const value of Array.isArray(values) ? values : [values]) {
      if (typeof value === "string") form.append(name, value);
      else {
        const blob = new Blob([new Uint8Array(value.bytes)], {
          type: value.type ?? "application/octet-stream",
        });
        form.append(name, blob, value.filename ?? "upload.bin");
      }
    }
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type")! },
  };
}

/** A small real photo-like image of the given format (a gradient, so it is not trivially compressible). */
export async function sampleImage(
  format: "jpeg" | "png" | "webp" | "gif" | "avif",
  width = 800,
  height = 600,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#2f855a"/><stop offset="1" stop-color="#f6e05e"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="25%" fill="#c53030"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/**
 * Lists a product with a real picture through POST /api/products as `cookie`'s account (fruits, ₹30 unless
 * given); answers the product as the API returned it.
 */
export async function addProductWithPicture(
  app: FastifyInstance,
  cookie: string,
  name: string,
  price = "30",
): Promise<{ id: string; image: string }> {
  const body = await multipartBody({
    name,
    price,
    description: "From the hills",
    category: "fruits",
    image: { bytes: await sampleImage("png", 320, 240), filename: "p.png", type: "image/png" },
  });
  const res = await request(app, {
    method: "POST",
    url: "/api/products",
    cookie,
    headers: body.headers,
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`adding ${name} failed: ${res.statusCode} ${res.body}`);
  return res.json().product;
}
