import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Each table has one owner (decision 015): only its domain's repositories write it, and nothing but a
 * repository writes SQL. Other domains change a table by calling the owner through its index.ts (account
 * deletion calls each owner's `forgetUser` in one transaction). This reads the server's source (Kysely's
 * insertInto/updateTable/deleteFrom/replaceInto/mergeInto, and raw SQL's insert/update/delete) and lists who
 * writes what; a second writing domain of any table fails it.
 */
const serverDir = path.resolve(import.meta.dirname, "..");

/** Schema work, not data: migrations build every table, and dialect.ts builds the search index's tables. */
const SCHEMA_FILES = [/^db\/migrations\//, /^db\/dialect\.ts$/];

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });

const KYSELY_WRITE =
  /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*("([a-z_]+)(?: as \w+)?"|[^)]*)/g;
const RAW_WRITE = /sql`[^`]*?\b(insert\s+into|update|delete\s+from)\s+([a-z_]+|\$\{)/gi;

interface Write {
  file: string;
  domain: string;
  table: string;
}

function tableWrites(): Write[] {
  const writes: Write[] = [];
  for (const full of sourceFiles(serverDir)) {
    const file = path.relative(serverDir, full).split(path.sep).join("/");
    if (SCHEMA_FILES.some((pattern) => pattern.test(file))) continue;
    const text = fs.readFileSync(full, "utf8");
    const domain = file.split("/")[0] ?? file;
    for (const match of text.matchAll(KYSELY_WRITE)) {
      writes.push({ file, domain, table: match[3] ?? `(not a literal: ${match[2]?.trim()})` });
    }
    for (const match of text.matchAll(RAW_WRITE)) {
      const table = match[2] ?? "";
      writes.push({ file, domain, table: table.startsWith("$") ? "(not a literal: raw SQL)" : table });
    }
  }
  return writes;
}

describe("table owners", () => {
  const writes = tableWrites();

  it("finds the writes it looks for (the scan is not blind)", () => {
    const tables = new Set(writes.map((write) => write.table));
    for (const table of [
      "users",
      "sessions",
      "products",
      "orders",
      "order_parts",
      "mail_queue",
      "audit_log",
      "saved_addresses",
    ]) {
      expect(tables, table).toContain(table);
    }
  });

  it("lets only repositories write SQL, naming their table", () => {
    const outside = writes.filter(
      (write) => !write.file.endsWith(".repository.ts") || write.table.startsWith("("),
    );
    expect(outside).toEqual([]);
  });

  it("gives every table one writing domain", () => {
    const writers = new Map<string, Set<string>>();
    for (const write of writes) {
      const set = writers.get(write.table) ?? new Set();
      set.add(write.domain);
      writers.set(write.table, set);
    }
    const shared = Object.fromEntries(
      [...writers]
        .filter(([, domains]) => domains.size > 1)
        .map(([table, domains]) => [table, [...domains].sort()]),
    );
    expect(shared).toEqual({});
  });
});
