import sharp from "sharp";

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
