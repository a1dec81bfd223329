import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableChecksums, writeMarker } from "./db-snapshot.ts";
import { createTestApp, type SignedInUser, signUpAndLogIn, type TestApp } from "./test-app.ts";
import { testDialect } from "./test-db.ts";

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogIn(t.app, "Checksum Shopper");
});
afterAll(() => t.close());

describe(`table checksums (${testDialect})`, () => {
  it("change when a row's value changes, even with the row count the same", async () => {
    const before = await tableChecksums(t.db);
    const marker = await writeMarker(t.db);
    await t.db.kysely.updateTable("users").set({ name: "Renamed" }).where("id", "=", user.id).execute();
    expect(await writeMarker(t.db)).not.toBe(marker);
    const after = await tableChecksums(t.db);
    expect(after.users).not.toBe(before.users);
    expect({ ...after, users: "" }).toEqual({ ...before, users: "" });
  });

  it("keep the write marker still while only another database is written, and move it on a write here", async () => {
    const other = await createTestApp();
    try {
      const marker = await writeMarker(t.db);
      await signUpAndLogIn(other.app, "Elsewhere Shopper");
      expect(await writeMarker(t.db)).toBe(marker);
      await t.db.kysely.updateTable("users").set({ name: "Moved" }).where("id", "=", user.id).execute();
      expect(await writeMarker(t.db)).not.toBe(marker);
    } finally {
      await other.close();
    }
  });

  it("stay the same when only a session's last use moves", async () => {
    const before = await tableChecksums(t.db);
    await t.db.kysely
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() + 60_000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(await tableChecksums(t.db)).toEqual(before);
    await t.db.kysely.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    expect((await tableChecksums(t.db)).sessions).not.toBe(before.sessions);
  });
});
