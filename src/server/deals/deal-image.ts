import sharp from "sharp";
import { type PreparedImage, prepareImage } from "../images/index.ts";

/** A head of cabbage, drawn in code so the deal needs no download and no stored file. */
export function cabbageSvg(width = 1280, height = 960): string {
  const leaves = [
    { cx: 640, cy: 520, rx: 330, ry: 300, fill: "url(#outer)" },
    { cx: 520, cy: 470, rx: 210, ry: 230, fill: "url(#leaf)", rotate: -18 },
    { cx: 760, cy: 470, rx: 210, ry: 230, fill: "url(#leaf)", rotate: 18 },
    { cx: 640, cy: 430, rx: 200, ry: 190, fill: "url(#heart)" },
  ];
  const veins = [-60, -30, 0, 30, 60]
    .map(
      (angle) =>
        `<path d="M640 610 Q ${640 + angle * 2.2} 470 ${640 + angle * 3.8} 300" stroke="#e8f5d0" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.75"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1280 960">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff8e6"/><stop offset="1" stop-color="#f3e2b8"/>
    </linearGradient>
    <radialGradient id="outer" cx="0.45" cy="0.35" r="0.75">
      <stop offset="0" stop-color="#9ed36a"/><stop offset="1" stop-color="#3f7f2a"/>
    </radialGradient>
    <radialGradient id="leaf" cx="0.4" cy="0.3" r="0.8">
      <stop offset="0" stop-color="#c3e79a"/><stop offset="1" stop-color="#5c9e3a"/>
    </radialGradient>
    <radialGradient id="heart" cx="0.45" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#eef9d8"/><stop offset="1" stop-color="#a8d77a"/>
    </radialGradient>
  </defs>
  <rect width="1280" height="960" fill="url(#sky)"/>
  <ellipse cx="640" cy="850" rx="380" ry="46" fill="#d9c28f" opacity="0.8"/>
  ${leaves
    .map(
      (leaf) =>
        `<ellipse cx="${leaf.cx}" cy="${leaf.cy}" rx="${leaf.rx}" ry="${leaf.ry}" fill="${leaf.fill}"${
          leaf.rotate ? ` transform="rotate(${leaf.rotate} ${leaf.cx} ${leaf.cy})"` : ""
        }/>`,
    )
    .join("\n  ")}
  ${veins}
</svg>`;
}

let prepared: Promise<PreparedImage> | undefined;

/** The deal's picture, made once per process through the same pipeline as an upload (deterministic bytes). */
export function dealImage(): Promise<PreparedImage> {
  prepared ??= sharp(Buffer.from(cabbageSvg()))
    .png()
    .toBuffer()
    .then(prepareImage)
    .catch((error) => {
      prepared = undefined;
      throw error;
    });
  return prepared;
}
