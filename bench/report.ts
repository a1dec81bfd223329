/** Turns the measurements of `npm run bench` into docs/benchmarks.md and its chart (an SVG drawn here). */
import type { LoadResult } from "./load.ts";

export interface Sample extends LoadResult {
  rssMb: number;
}

export type Reference = "hello" | "read24" | "insert";

/** One measurement and the references measured just before it. */
export interface Paired {
  app: Sample;
  hello: Sample;
  ref: Sample;
}

export interface Run {
  database: string;
  size: number;
  samples: Record<string, Paired>;
}

export interface Report {
  date: string;
  command: string;
  machine: string;
  seconds: number;
  connections: number;
  server: string;
  measures: { id: string; label: string; reference: Reference; catalogueRead?: boolean }[];
  runs: Run[];
  lighthouse: { page: string; performance: number; accessibility: number }[];
  minutes?: number;
}

const REFERENCE_LABELS: Record<Reference, string> = {
  hello: "bare Fastify hello",
  read24: "bare route, same driver, 24 rows",
  insert: "bare route, one durable INSERT",
};

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "–";
const ratio = (a: number, b: number) => (b > 0 ? fmt(a / b, 2) : "–");
const sizeLabel = (size: number) => (size >= 1000 ? `${size / 1000}k` : String(size));

function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
}

function runTable(report: Report, run: Run): string[] {
  const lines = [
    "| request | req/s | × hello | × its reference | p50 ms | p99 ms | p99 × ref | RSS MB | RSS × ref | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  const pairs = Object.values(run.samples);
  for (const reference of Object.keys(REFERENCE_LABELS) as Reference[]) {
    const samples = pairs.flatMap((p) =>
      reference === "hello" ? [p.hello] : p.ref === p.hello ? [] : [p.ref],
    );
    const own = report.measures.filter((m) => m.reference === reference).map((m) => run.samples[m.id]?.ref);
    const list = reference === "hello" ? samples : (own.filter(Boolean) as Sample[]);
    if (list.length === 0) continue;
    const rps = mean(list.map((s) => s.requestsPerSecond));
    const helloRps = mean(pairs.map((p) => p.hello.requestsPerSecond));
    lines.push(
      `| _${REFERENCE_LABELS[reference]}_ (mean of ${list.length}) | ${fmt(rps)} | ${ratio(rps, helloRps)} | 1.00 | ${fmt(mean(list.map((s) => s.p50Ms)))} | ${fmt(mean(list.map((s) => s.p99Ms)))} | 1.00 | ${fmt(mean(list.map((s) => s.rssMb)))} | 1.00 | ${list.reduce((a, s) => a + s.errors, 0)} |`,
    );
  }
  for (const m of report.measures) {
    const pair = run.samples[m.id];
    if (!pair) continue;
    const { app: s, hello, ref } = pair;
    lines.push(
      `| ${m.label} (ref: ${m.reference}) | ${fmt(s.requestsPerSecond)} | ${ratio(s.requestsPerSecond, hello.requestsPerSecond)} | ${ratio(s.requestsPerSecond, ref.requestsPerSecond)} | ${fmt(s.p50Ms)} | ${fmt(s.p99Ms)} | ${ratio(s.p99Ms, ref.p99Ms)} | ${fmt(s.rssMb)} | ${ratio(s.rssMb, ref.rssMb)} | ${s.errors} |`,
    );
  }
  return lines;
}

/** p99 of each catalogue read at the largest size ÷ at the smallest (goal: ≤ 1.5). */
function scalingTable(report: Report, database: string): string[] {
  const runs = report.runs.filter((r) => r.database === database).sort((a, b) => a.size - b.size);
  if (runs.length < 2) return [];
  const first = runs[0]!;
  const last = runs[runs.length - 1]!;
  const lines = [
    `| catalogue read | ${runs.map((r) => `p99 ms at ${sizeLabel(r.size)}`).join(" | ")} | ${sizeLabel(last.size)} ÷ ${sizeLabel(first.size)} (goal ≤ 1.5) | req/s × hello at ${sizeLabel(last.size)} |`,
    `| --- | ${runs.map(() => "---:").join(" | ")} | ---: | ---: |`,
  ];
  for (const m of report.measures.filter((m) => m.catalogueRead)) {
    const p99s = runs.map((r) => r.samples[m.id]?.app.p99Ms ?? Number.NaN);
    const growth = p99s[p99s.length - 1]! / p99s[0]!;
    const s = last.samples[m.id];
    lines.push(
      `| ${m.label} | ${p99s.map((p) => fmt(p)).join(" | ")} | ${fmt(growth, 2)}${growth <= 1.5 ? "" : " ✗"} | ${s ? ratio(s.app.requestsPerSecond, s.hello.requestsPerSecond) : "–"} |`,
    );
  }
  return lines;
}

export function reportMarkdown(report: Report, chartFile: string): string {
  const out = [
    "# Benchmarks",
    "",
    `Written by \`${report.command}\` (bench/run.ts) on ${report.date.slice(0, 16).replace("T", " ")} UTC, ${report.machine}; the run took ${fmt(report.minutes ?? 0, 1)} minutes.`,
    "",
    `Each line is autocannon (${report.connections} connections, ${report.seconds} s after 1 s of warm-up) in a process of its own against the production server (\`node ${report.server}\`, NODE_ENV=production, info logging) or a reference server, one after another in the same run. The machine is shared and noisy: compare ratios within one run, not absolute numbers between runs. RSS is the server process's resident memory right after its measurement. "× its reference" divides by the reference named in brackets (p99 and RSS likewise).`,
    "",
    `![Throughput and p99 against catalogue size](${chartFile})`,
    "",
  ];
  const databases = [...new Set(report.runs.map((r) => r.database))];
  for (const database of databases) {
    out.push(`## ${database}`, "");
    const scaling = scalingTable(report, database);
    if (scaling.length) out.push("How catalogue reads hold as the catalogue grows:", "", ...scaling, "");
    for (const run of report.runs.filter((r) => r.database === database)) {
      out.push(`### ${database}, ${fmt(run.size)} products`, "", ...runTable(report, run), "");
    }
  }
  if (report.lighthouse.length) {
    out.push(
      "## Lighthouse (mobile: simulated slow 4G and 4× CPU slowdown)",
      "",
      "| page | performance (goal ≥ 95) | accessibility (goal 100) |",
      "| --- | ---: | ---: |",
      ...report.lighthouse.map((l) => `| ${l.page} | ${l.performance} | ${l.accessibility} |`),
      "",
    );
  }
  return `${out.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------------------
// The chart: for each database, throughput (× hello) and p99 (ms) of each catalogue read against size.

const COLORS = ["#1b7f3b", "#c0392b", "#2f6db5", "#d68910", "#7d3c98", "#117a65", "#6e2c00", "#555"];

export function chartSvg(report: Report): string {
  const databases = [...new Set(report.runs.map((r) => r.database))];
  const reads = report.measures.filter((m) => m.catalogueRead);
  const panelW = 420;
  const panelH = 260;
  const pad = { left: 60, right: 20, top: 40, bottom: 40 };
  const width = 2 * (panelW + pad.left + pad.right);
  const legendH = 24 * Math.ceil(reads.length / 4) + 10;
  const height = databases.length * (panelH + pad.top + pad.bottom) + legendH;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12" role="img">`,
    "<title>Veggie Cart: throughput and p99 latency of each catalogue read against catalogue size</title>",
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
  ];
  reads.forEach((m, i) => {
    const x = 20 + (i % 4) * (width / 4);
    const y = 18 + Math.floor(i / 4) * 24;
    parts.push(
      `<rect x="${x}" y="${y - 9}" width="14" height="4" fill="${COLORS[i % COLORS.length]}"/><text x="${x + 20}" y="${y - 4}">${m.label}</text>`,
    );
  });
  databases.forEach((database, row) => {
    const runs = report.runs.filter((r) => r.database === database).sort((a, b) => a.size - b.size);
    const sizes = runs.map((r) => r.size);
    const logMin = Math.log10(Math.min(...sizes));
    const logMax = Math.log10(Math.max(...sizes));
    const panels = [
      {
        title: `${database}: throughput (× bare Fastify hello)`,
        value: (run: Run, id: string) => {
          const pair = run.samples[id];
          return pair ? pair.app.requestsPerSecond / pair.hello.requestsPerSecond : 0;
        },
        goal: 0.5,
      },
      {
        title: `${database}: p99 latency (ms)`,
        value: (run: Run, id: string) => run.samples[id]?.app.p99Ms ?? 0,
      },
    ];
    panels.forEach((panel, col) => {
      const ox = col * (panelW + pad.left + pad.right) + pad.left;
      const oy = legendH + row * (panelH + pad.top + pad.bottom) + pad.top;
      const values = runs.flatMap((run) => reads.map((m) => panel.value(run, m.id)));
      const max = Math.max(...values, panel.goal ?? 0) * 1.1 || 1;
      const xOf = (size: number) =>
        ox + (logMax === logMin ? panelW / 2 : ((Math.log10(size) - logMin) / (logMax - logMin)) * panelW);
      const yOf = (v: number) => oy + panelH - (v / max) * panelH;
      parts.push(`<text x="${ox}" y="${oy - 12}" font-weight="bold">${panel.title}</text>`);
      parts.push(
        `<rect x="${ox}" y="${oy}" width="${panelW}" height="${panelH}" fill="none" stroke="#999"/>`,
      );
      for (let t = 0; t <= 4; t += 1) {
        const v = (max / 4) * t;
        parts.push(
          `<line x1="${ox}" x2="${ox + panelW}" y1="${yOf(v)}" y2="${yOf(v)}" stroke="#eee"/><text x="${ox - 6}" y="${yOf(v) + 4}" text-anchor="end">${v < 10 ? v.toFixed(2) : v.toFixed(0)}</text>`,
        );
      }
      for (const size of sizes) {
        parts.push(
          `<text x="${xOf(size)}" y="${oy + panelH + 16}" text-anchor="middle">${sizeLabel(size)} products</text>`,
        );
      }
      if (panel.goal !== undefined) {
        parts.push(
          `<line x1="${ox}" x2="${ox + panelW}" y1="${yOf(panel.goal)}" y2="${yOf(panel.goal)}" stroke="#000" stroke-dasharray="4 4"/><text x="${ox + panelW - 4}" y="${yOf(panel.goal) - 4}" text-anchor="end">goal for the first page</text>`,
        );
      }
      reads.forEach((m, i) => {
        const points = runs.map(
          (run) => `${xOf(run.size).toFixed(1)},${yOf(panel.value(run, m.id)).toFixed(1)}`,
        );
        const color = COLORS[i % COLORS.length];
        parts.push(`<polyline points="${points.join(" ")}" fill="none" stroke="${color}" stroke-width="2"/>`);
        for (const p of points) {
          const [x, y] = p.split(",");
          parts.push(`<circle cx="${x}" cy="${y}" r="3" fill="${color}"/>`);
        }
      });
    });
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
