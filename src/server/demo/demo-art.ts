/**
 * Simple still-life pictures of produce, drawn as SVG in code so the demo catalogue needs no download. Each
 * picture is a soft backdrop, a shadow and one motif in the product's colours.
 */
export type Motif =
  | "round"
  | "long"
  | "banana"
  | "leafy"
  | "bunch"
  | "bottle"
  | "block"
  | "jar"
  | "bowl"
  | "sack";

export interface Art {
  motif: Motif;
  /** Main colour and its darker shade. */
  color: string;
  shade: string;
  /** Backdrop, top to bottom. */
  backdrop: [string, string];
  /** Second colour for details (leaves, caps, labels). */
  accent?: string;
  /** Cheese holes, for a block. */
  holes?: boolean;
  /** How a round fruit is topped: stem and leaf (default), a tomato's calyx, or nothing (potatoes). */
  top?: "stem" | "calyx" | "none";
}

/** The drawing's own coordinates; it is rendered at RENDER_WIDTH (4:3). */
const ART_WIDTH = 1280;
const ART_HEIGHT = 960;
/** NOTE: 960 px wide keeps the start-up seed fast and still covers a two-column card on a 2x screen. */
export const RENDER_WIDTH = 960;

const CX = ART_WIDTH / 2;
const GROUND = 800;

function roundFruit(x: number, y: number, r: number, art: Art): string {
  const leaf = art.accent ?? "#4c9a2a";
  const top = art.top ?? "stem";
  const squash = top === "none" ? 0.78 : 1;
  const stem =
    top === "stem"
      ? `<path d="M${x} ${y - r * 0.92} q 6 -${r * 0.3} 22 -${r * 0.38}" stroke="#5b3a1a" stroke-width="${r * 0.07}" fill="none" stroke-linecap="round"/>
    <path d="M${x + 8} ${y - r * 1.1} q ${r * 0.45} -${r * 0.35} ${r * 0.7} ${r * 0.02} q -${r * 0.4} ${r * 0.2} -${r * 0.7} -${r * 0.02}z" fill="${leaf}"/>`
      : top === "calyx"
        ? [0, 72, 144, 216, 288]
            .map(
              (angle) =>
                `<ellipse cx="${x}" cy="${y - r * 0.98}" rx="${r * 0.09}" ry="${r * 0.3}" fill="${leaf}" transform="rotate(${angle} ${x} ${y - r * 0.9})"/>`,
            )
            .join("")
        : `<circle cx="${x + r * 0.3}" cy="${y + r * 0.1}" r="${r * 0.05}" fill="${art.shade}"/><circle cx="${x - r * 0.2}" cy="${y + r * 0.3}" r="${r * 0.04}" fill="${art.shade}"/>`;
  return `<g>
    <ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * squash}" fill="url(#body)"/>
    <ellipse cx="${x - r * 0.35}" cy="${y - r * 0.4 * squash}" rx="${r * 0.28}" ry="${r * 0.16}" fill="#fff" opacity="0.35" transform="rotate(-30 ${x - r * 0.35} ${y - r * 0.4 * squash})"/>
    ${stem}
  </g>`;
}

function longVeg(x: number, y: number, angle: number, art: Art): string {
  const leaf = art.accent ?? "#3f8f2f";
  return `<g transform="rotate(${angle} ${x} ${y})">
    <path d="M${x - 70} ${y - 190} C ${x - 80} ${y - 40}, ${x - 30} ${y + 160}, ${x} ${y + 250} C ${x + 30} ${y + 160}, ${x + 80} ${y - 40}, ${x + 70} ${y - 190} Z" fill="url(#body)"/>
    <path d="M${x - 40} ${y - 120} h 40 M${x - 20} ${y - 20} h 40 M${x - 30} ${y + 80} h 30" stroke="${art.shade}" stroke-width="8" stroke-linecap="round" opacity="0.5"/>
    <path d="M${x} ${y - 190} q -60 -120 -30 -170 M${x} ${y - 190} q 10 -130 60 -160 M${x} ${y - 190} q -10 -90 -90 -120" stroke="${leaf}" stroke-width="22" fill="none" stroke-linecap="round"/>
  </g>`;
}

function banana(x: number, y: number, angle: number): string {
  return `<g transform="rotate(${angle} ${x} ${y})">
    <path d="M${x - 260} ${y - 60} C ${x - 150} ${y + 140}, ${x + 150} ${y + 140}, ${x + 260} ${y - 60} C ${x + 150} ${y + 40}, ${x - 150} ${y + 40}, ${x - 260} ${y - 60} Z" fill="url(#body)"/>
    <path d="M${x + 250} ${y - 62} l 26 -30" stroke="#5b4a1a" stroke-width="18" stroke-linecap="round"/>
    <circle cx="${x - 258}" cy="${y - 60}" r="10" fill="#4a3b12"/>
  </g>`;
}

function leafy(art: Art): string {
  const leaves = [-55, -30, -8, 14, 36, 58]
    .map(
      (angle, i) => `<g transform="rotate(${angle} ${CX} ${GROUND - 40})">
      <path d="M${CX} ${GROUND - 40} C ${CX - 150} ${GROUND - 250}, ${CX - 110} ${GROUND - 560}, ${CX} ${GROUND - 620 + i * 12} C ${CX + 110} ${GROUND - 560}, ${CX + 150} ${GROUND - 250}, ${CX} ${GROUND - 40} Z" fill="url(#body)" stroke="${art.shade}" stroke-width="6"/>
      <path d="M${CX} ${GROUND - 40} L ${CX} ${GROUND - 580}" stroke="#e9f7d9" stroke-width="7" opacity="0.8"/>
    </g>`,
    )
    .join("");
  return `${leaves}<rect x="${CX - 70}" y="${GROUND - 90}" width="140" height="46" rx="16" fill="${art.accent ?? "#b5651d"}"/>`;
}

function bunch(art: Art): string {
  const grapes: string[] = [];
  const rows = [6, 5, 4, 3, 2, 1];
  rows.forEach((count, row) => {
    for (let i = 0; i < count; i += 1) {
      const x = CX + (i - (count - 1) / 2) * 96;
      const y = 260 + row * 88;
      grapes.push(
        `<circle cx="${x}" cy="${y}" r="56" fill="url(#body)"/><circle cx="${x - 18}" cy="${y - 20}" r="12" fill="#fff" opacity="0.4"/>`,
      );
    }
  });
  return `<path d="M${CX} 200 q 10 -80 70 -110" stroke="#6b4a2a" stroke-width="18" fill="none" stroke-linecap="round"/>
    <path d="M${CX + 20} 160 q 120 -90 220 -20 q -110 60 -220 20z" fill="${art.accent ?? "#5a9e2f"}"/>${grapes.join("")}`;
}

function bottle(art: Art): string {
  return `<path d="M${CX - 70} 170 h 140 v 90 q 110 60 110 170 v 330 q 0 40 -40 40 h -280 q -40 0 -40 -40 v -330 q 0 -110 110 -170 z" fill="url(#body)" stroke="${art.shade}" stroke-width="8"/>
    <rect x="${CX - 82}" y="120" width="164" height="70" rx="18" fill="${art.accent ?? "#2b6cb0"}"/>
    <rect x="${CX - 180}" y="470" width="360" height="160" rx="20" fill="${art.accent ?? "#2b6cb0"}" opacity="0.9"/>
    <circle cx="${CX}" cy="550" r="48" fill="#fff" opacity="0.9"/>
    <rect x="${CX - 150}" y="300" width="40" height="420" rx="20" fill="#fff" opacity="0.35"/>`;
}

function block(art: Art): string {
  const holes = art.holes
    ? (
        [
          [CX - 170, 560, 34],
          [CX + 40, 620, 24],
          [CX + 180, 520, 40],
          [CX - 40, 480, 18],
        ] as const
      )
        .map(
          ([x, y, r]) =>
            `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.8}" fill="${art.shade}" opacity="0.55"/>`,
        )
        .join("")
    : "";
  return `<path d="M${CX - 300} 420 L ${CX - 120} 300 L ${CX + 320} 300 L ${CX + 300} 420 Z" fill="${art.color}" stroke="${art.shade}" stroke-width="6"/>
    <path d="M${CX + 300} 420 L ${CX + 320} 300 L ${CX + 320} 660 L ${CX + 300} 770 Z" fill="${art.shade}"/>
    <rect x="${CX - 300}" y="420" width="600" height="350" fill="url(#body)" stroke="${art.shade}" stroke-width="6"/>${holes}`;
}

function jar(art: Art): string {
  return `<rect x="${CX - 230}" y="300" width="460" height="470" rx="70" fill="url(#body)" stroke="${art.shade}" stroke-width="8"/>
    <rect x="${CX - 250}" y="230" width="500" height="100" rx="26" fill="${art.accent ?? "#8b5a2b"}"/>
    <rect x="${CX - 200}" y="440" width="400" height="180" rx="24" fill="#fffaf0" opacity="0.9"/>
    <path d="M${CX - 120} 530 q 120 -80 240 0" stroke="${art.shade}" stroke-width="14" fill="none" stroke-linecap="round"/>
    <rect x="${CX - 200}" y="340" width="36" height="380" rx="18" fill="#fff" opacity="0.3"/>`;
}

function grains(cx: number, cy: number, rx: number, ry: number, art: Art, count: number): string {
  const dots: string[] = [];
  for (let i = 0; i < count; i += 1) {
    // NOTE: a fixed pseudo-random spread (golden angle), so each picture is the same on every start.
    const t = i / count;
    const angle = i * 2.399963;
    const x = cx + Math.cos(angle) * rx * Math.sqrt(t);
    const y = cy + Math.sin(angle) * ry * Math.sqrt(t);
    const fill = i % 3 === 0 ? art.shade : art.color;
    dots.push(
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="15" ry="9" fill="${fill}" transform="rotate(${(angle * 57) % 180} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
    );
  }
  return dots.join("");
}

function bowl(art: Art): string {
  return `<ellipse cx="${CX}" cy="480" rx="330" ry="150" fill="url(#body)"/>
    ${grains(CX, 470, 300, 120, art, 260)}
    <path d="M${CX - 360} 500 Q ${CX - 340} 800 ${CX} 800 Q ${CX + 340} 800 ${CX + 360} 500 Z" fill="${art.accent ?? "#8b5a2b"}"/>
    <path d="M${CX - 360} 500 Q ${CX} 560 ${CX + 360} 500" stroke="#000" stroke-width="6" opacity="0.15" fill="none"/>`;
}

function sack(art: Art): string {
  return `<path d="M${CX - 250} 780 Q ${CX - 320} 480 ${CX - 170} 300 L ${CX + 170} 300 Q ${CX + 320} 480 ${CX + 250} 780 Z" fill="${art.accent ?? "#c8a165"}" stroke="#8a6a3a" stroke-width="8"/>
    <path d="M${CX - 170} 300 Q ${CX} 230 ${CX + 170} 300 Q ${CX} 370 ${CX - 170} 300 Z" fill="url(#body)"/>
    ${grains(CX, 300, 150, 40, art, 70)}
    <rect x="${CX - 130}" y="470" width="260" height="170" rx="20" fill="#fffaf0" opacity="0.85"/>
    <path d="M${CX - 70} 600 q 70 -120 140 0 M${CX} 600 v -110" stroke="${art.shade}" stroke-width="14" fill="none" stroke-linecap="round"/>
    ${grains(CX + 330, 770, 90, 24, art, 30)}`;
}

function motif(art: Art): string {
  switch (art.motif) {
    case "round":
      return [
        roundFruit(CX - 230, 600, 170, art),
        roundFruit(CX + 230, 600, 170, art),
        roundFruit(CX, 440, 200, art),
      ].join("");
    case "long":
      return [
        longVeg(CX - 220, 470, -25, art),
        longVeg(CX + 220, 470, 25, art),
        longVeg(CX, 440, 0, art),
      ].join("");
    case "banana":
      return [banana(CX, 420, -8), banana(CX, 520, 0), banana(CX, 620, 8)].join("");
    case "leafy":
      return leafy(art);
    case "bunch":
      return bunch(art);
    case "bottle":
      return bottle(art);
    case "block":
      return block(art);
    case "jar":
      return jar(art);
    case "bowl":
      return bowl(art);
    case "sack":
      return sack(art);
  }
}

export function produceSvg(art: Art): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${RENDER_WIDTH}" height="${(RENDER_WIDTH * ART_HEIGHT) / ART_WIDTH}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${art.backdrop[0]}"/><stop offset="1" stop-color="${art.backdrop[1]}"/>
    </linearGradient>
    <radialGradient id="body" cx="0.38" cy="0.32" r="0.8">
      <stop offset="0" stop-color="${art.color}"/><stop offset="1" stop-color="${art.shade}"/>
    </radialGradient>
  </defs>
  <rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#backdrop)"/>
  <circle cx="${ART_WIDTH - 160}" cy="150" r="260" fill="#fff" opacity="0.18"/>
  <ellipse cx="${CX}" cy="${GROUND + 20}" rx="420" ry="50" fill="#000" opacity="0.12"/>
  ${motif(art)}
</svg>`;
}
