/**
 * The reference servers `npm run bench` measures the shop against, each as bare as it can be:
 *   hello   GET /hello answers {"hello":"world"}: the ceiling of Fastify 5 on this machine;
 *   read24  GET /read answers 24 product rows (newest first) read with the same driver as the shop, its
 *           statement prepared once;
 *   insert  POST /insert does one durable INSERT (autocommit) with the same driver and settings as the shop.
 *
 *   node --import tsx bench/reference-server.ts <hello|read24|insert> <port> [DATABASE_URL]
 */
import { randomUUID } from "node:crypto";
import SQLite from "better-sqlite3";
import Fastify from "fastify";
import pg from "pg";

const [mode, portText, databaseUrl = ""] = process.argv.slice(2);
const app = Fastify({ logger: false });

const READ_24 =
  "select id, owner_id, name, price_paise, description, category, image_id, created_at from products order by created_at desc, id desc limit 24";

if (mode === "hello") {
  app.get("/hello", async () => ({ hello: "world" }));
} else if (databaseUrl.startsWith("postgres")) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  app.addHook("onClose", () => pool.end());
  if (mode === "read24") {
    app.get("/read", async () => (await pool.query({ name: "read24", text: READ_24 })).rows);
  } else {
    await pool.query("create table if not exists bench_inserts (id text primary key, body text not null)");
    app.post("/insert", async (_request, reply) => {
      await pool.query({
        name: "insert",
        text: "insert into bench_inserts (id, body) values ($1, $2)",
        values: [randomUUID(), "an order's worth of text"],
      });
      return reply.status(201).send({ ok: true });
    });
  }
} else {
  // NOTE: the same pragmas as the shop's connection (src/server/db/dialect.ts).
  const db = new SQLite(databaseUrl.slice("sqlite:".length));
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  app.addHook("onClose", async () => db.close());
  if (mode === "read24") {
    const read = db.prepare(READ_24);
    app.get("/read", async () => read.all());
  } else {
    db.exec("create table if not exists bench_inserts (id text primary key, body text not null)");
    const insert = db.prepare("insert into bench_inserts (id, body) values (?, ?)");
    app.post("/insert", async (_request, reply) => {
      insert.run(randomUUID(), "an order's worth of text");
      return reply.status(201).send({ ok: true });
    });
  }
}

await app.listen({ port: Number(portText), host: "127.0.0.1" });
process.stdout.write("ready\n");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
