import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { backupSqlite, restoreSqlite } from "./backup.ts";
import { createDb } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

describe("SQLite backup and restore", () => {
  it("backs up a database under write load and restores it whole", { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-backup-"));
    const file = path.join(dir, "shop.sqlite");
    const db = createDb(`sqlite:${file}`);
    try {
      await migrateToLatest(db);
      const insertUser = () =>
        db.kysely
          .insertInto("users")
          .values({
            id: randomUUID(),
            email: `${randomUUID()}@example.com`,
            name: "Load",
            password_hash: "!",
            created_at: new Date().toISOString(),
          })
          .execute();
      // NOTE: many more pages than SQLite's backup API copies in a step (100), so writes land between steps.
      for (let i = 0; i < 3000; i += 1) await insertUser();
      let writing = true;
      let written = 3000;
      const load = (async () => {
        while (writing) {
          await insertUser();
          written += 1;
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const backup = path.join(dir, "backup.sqlite");
      await backupSqlite(file, backup);
      writing = false;
      await load;
      expect(written).toBeGreaterThan(3000);

      const restored = path.join(dir, "restored.sqlite");
      await restoreSqlite(backup, restored);
      const copy = new SQLite(restored, { readonly: true });
      try {
        expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
        const users = (copy.prepare("select count(*) as n from users").get() as { n: number }).n;
        expect(users).toBeGreaterThanOrEqual(3000);
        expect(users).toBeLessThanOrEqual(written);
        const tables = copy.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as {
          n: number;
        };
        expect(tables.n).toBeGreaterThan(5);
      } finally {
        copy.close();
      }
      fs.writeFileSync(path.join(dir, "broken.sqlite"), "not a database");
      await expect(
        restoreSqlite(path.join(dir, "broken.sqlite"), path.join(dir, "x.sqlite")),
      ).rejects.toThrow();
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
