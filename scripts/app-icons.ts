/**
 * Draws the installed app's icons from the logo (`npx tsx scripts/app-icons.ts`): PNGs at the sizes the web
 * app manifest names, plus a maskable one whose logo sits inside the safe zone. The PNGs are committed.
 */
import path from "node:path";
import sharp from "sharp";

const out = path.resolve("src/client/public/icons");
const logo = (scale: number) => {
  const inset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#f0fdf4"/><g transform="translate(${inset} ${inset}) scale(${scale})"><circle cx="32" cy="36" r="22" fill="#15803d"/><path d="M32 14c4-8 12-10 18-8-2 7-8 11-18 8z" fill="#65a30d"/></g></svg>`;
};

const icons = [
  { file: "icon-192.png", size: 192, scale: 0.9 },
  { file: "icon-512.png", size: 512, scale: 0.9 },
  { file: "icon-maskable-512.png", size: 512, scale: 0.7 },
  { file: "apple-touch-icon-180.png", size: 180, scale: 0.85 },
];
const { mkdirSync } = await import("node:fs");
mkdirSync(out, { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(logo(icon.scale)), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, icon.file));
  console.log(`${icon.file} ${icon.size}x${icon.size}`);
}
