// `npm run cluster`: several servers of the built shop behind nginx, on one PostgreSQL and one Redis (and a
// bucket when S3_* is set), for trying a multi-server shop on one machine. Also a module: the cluster test
// (scripts/cluster/) starts and stops the same cluster through startCluster.
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster -- [--servers 3] [--port 8080]
//
// nginx listens on --port; the servers on the ports after it. Ctrl-C stops everything.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER_MAIN = path.join(root, "dist/app/server/main.js");
const TEMPLATE = path.join(root, "deploy/nginx/veggie-cart.conf.template");
const STARTUP_MS = 30_000;
const POLL_MS = 50;

/** Where nginx is: NGINX when set, else Debian's. */
export const nginxBinary = () => process.env.NGINX ?? "/usr/sbin/nginx";

/**
 * Stops with a message naming what is missing: nginx, the built app, PostgreSQL at `databaseUrl`, Redis at
 * `redisUrl`. Every server of a cluster needs all of them.
 */
export async function checkPrerequisites(databaseUrl: string | undefined, redisUrl: string | undefined) {
  if (!fs.existsSync(nginxBinary())) {
    throw new Error(`nginx is missing at ${nginxBinary()}: run 'sudo apt-get install nginx' (or set NGINX)`);
  }
  if (!fs.existsSync(SERVER_MAIN)) throw new Error("The app is not built: run 'npm run build' first");
  if (!databaseUrl?.startsWith("postgres")) {
    throw new Error("DATABASE_URL must name a PostgreSQL database (postgres://…): every server shares it");
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL at DATABASE_URL does not answer: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
  if (!redisUrl)
    throw new Error("REDIS_URL must name a Redis (redis://…): the servers share limits and sessions");
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // NOTE: the connection's own error (ECONNREFUSED …) says more than the failed connect ("Connection is closed").
  let cause: Error | undefined;
  redis.on("error", (error: Error) => {
    cause = error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis at REDIS_URL does not answer: ${(cause ?? (error as Error)).message}`);
  } finally {
    redis.disconnect();
  }
}

/** Resolves once `check` does, polling every POLL_MS; rejects after `timeoutMs` or when `stop` answers text. */
async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  stop: () => string | undefined = () => undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = stop();
    if (reason !== undefined) throw new Error(`${what}: ${reason}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const answers = async (url: string, status = 200) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.status === status;
};

/** One app server of the cluster, on its own fixed port (nginx's upstream names it). */
export interface AppServer {
  port: number;
  /** `http://127.0.0.1:<port>`: the server directly, not through nginx. */
  url: string;
  /** Starts it (again) and resolves once /api/ready answers 200. */
  start(): Promise<void>;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Resolves when the process running now has exited. */
  exited(): Promise<number | null>;
  running(): boolean;
  /** What it wrote, stdout and stderr, since it was last started. */
  output(): string;
}

function appServer(port: number, env: NodeJS.ProcessEnv, log: (line: string) => void): AppServer {
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exit: Promise<number | null> = Promise.resolve(null);
  let output = "";
  let done = true;
  const server: AppServer = {
    port,
    url,
    async start() {
      output = "";
      done = false;
      // NOTE: a process group of its own: Ctrl-C reaches this script only, which then stops each server
      // once (a second signal would make a server quit without finishing its requests).
      const started = spawn(process.execPath, [SERVER_MAIN], {
        cwd: root,
        env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      child = started;
      for (const stream of [started.stdout, started.stderr]) {
        stream?.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
      }
      exit = new Promise((resolve) =>
        started.once("close", (code) => {
          done = true;
          resolve(code);
        }),
      );
      await until(
        `server on port ${port} ready`,
        () => answers(`${url}/api/ready`),
        STARTUP_MS,
        () => (done ? `it exited: ${output.trim()}` : undefined),
      );
      log(`server ${url} ready (pid ${started.pid})`);
    },
    async stop(signal = "SIGTERM") {
      if (child && !done) child.kill(signal);
      return exit;
    },
    exited: () => exit,
    running: () => !done,
    output: () => output,
  };
  return server;
}

export interface ClusterOptions {
  /** App servers (3). */
  servers?: number;
  /** nginx's port (8080); the servers take the ports after it. */
  port?: number;
  /** Added to the servers' environment (which is this process's). */
  env?: Record<string, string>;
  /** Progress lines (none by default). */
  log?: (line: string) => void;
  /**
   * The database is migrated already (and demo data is off or seeded): every server starts at once. By
   * default the first starts alone, so that it migrates (and seeds) before the others start.
   */
  migrated?: boolean;
}

export interface Cluster {
  /** nginx: `http://127.0.0.1:<port>`. */
  url: string;
  servers: AppServer[];
  /** nginx's own output (its errors and warnings). */
  nginxOutput(): string;
  /**
   * Resolves once nginx has passed a request to `server` that it answered (not 502/503/504), after `since`
   * (a mark from `logMark`): nginx has taken the server back. Asks `/api/ready` through nginx meanwhile, so
   * it needs no other traffic.
   */
  sendingTo(server: AppServer, since?: number): Promise<void>;
  /** Where nginx's log of upstreams stands now, for `sendingTo`. */
  logMark(): number;
  /**
   * One step of a rolling restart: SIGTERM (the server drains and exits), start it again, wait until it is
   * ready and nginx sends to it again. Resolves with the exit code it stopped with.
   */
  restart(server: AppServer): Promise<number | null>;
  /**
   * Stops every server (SIGTERM) and starts them all again at once with `env` added to their environment, for
   * good (a moved clock); resolves once each is ready. nginx is left as it is: a request sent meanwhile fails.
   */
  restartAll(env: Record<string, string>): Promise<void>;
  /** Stops nginx, then every server (SIGTERM: each finishes its requests). */
  stop(): Promise<void>;
}

/**
 * Whether nginx's log of upstreams (one line per request, `$upstream_addr|$upstream_status`: every server
 * tried, in order, comma-separated) names `address` as the server that answered a request logged after byte
 * `since`, with an answer other than 502, 503 or 504.
 */
function answeredBy(logFile: string, since: number, address: string): boolean {
  if (!fs.existsSync(logFile)) return false;
  const text = fs.readFileSync(logFile).subarray(since).toString();
  return text.split("\n").some((line) => {
    const [addresses = "", statuses = ""] = line.split("|");
    const last = (list: string) => list.split(/[,:] /).at(-1)?.trim();
    const status = Number(last(statuses));
    return last(addresses) === address && status >= 200 && status < 502;
  });
}

/** The nginx.conf of a cluster: the repository's template with its ports and temporary folder. */
export function nginxConfig(listenPort: number, serverPorts: number[], tempDir: string): string {
  const upstream = serverPorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
    .join("\n");
  return fs
    .readFileSync(TEMPLATE, "utf8")
    .replaceAll("{{TEMP_DIR}}", tempDir)
    .replaceAll("{{LISTEN}}", `127.0.0.1:${listenPort}`)
    .replaceAll("{{UPSTREAM_SERVERS}}", upstream);
}

/**
 * Starts the servers (see `migrated`), then nginx in front of them; resolves once a request through nginx is
 * answered.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.servers ?? 3;
  const port = options.port ?? 8080;
  const log = options.log ?? (() => {});
  const env = { ...process.env, ...options.env };
  await checkPrerequisites(env.DATABASE_URL, env.REDIS_URL);
  // NOTE: nginx (on this machine) is the only proxy whose X-Forwarded-For the servers believe.
  env.TRUST_PROXY = "127.0.0.1";
  const servers = Array.from({ length: count }, (_, i) => appServer(port + 1 + i, env, log));
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-nginx-"));
  // NOTE: run as root, nginx's workers are nobody: they must reach the temporary folders it makes here.
  fs.chmodSync(tempDir, 0o755);
  let nginx: ChildProcess | undefined;
  let nginxOutput = "";
  let nginxDone = false;
  let nginxExit: Promise<unknown> = Promise.resolve();
  const stop = async () => {
    if (nginx && !nginxDone) nginx.kill("SIGTERM");
    await nginxExit;
    await Promise.all(servers.map((server) => server.stop()));
    fs.rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    const [first, ...others] = servers;
    if (!options.migrated) await first?.start();
    await Promise.all((options.migrated ? servers : others).map((server) => server.start()));
    const configFile = path.join(tempDir, "nginx.conf");
    fs.writeFileSync(
      configFile,
      nginxConfig(
        port,
        servers.map((server) => server.port),
        tempDir,
      ),
    );
    const started = spawn(nginxBinary(), ["-p", tempDir, "-c", configFile, "-e", "stderr"], {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    nginx = started;
    for (const stream of [started.stdout, started.stderr]) {
      stream.on("data", (chunk: Buffer) => {
        nginxOutput += chunk.toString();
      });
    }
    nginxExit = new Promise((resolve) =>
      started.once("close", () => {
        nginxDone = true;
        resolve(undefined);
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    await until(
      "nginx answering",
      () => answers(`${url}/api/ready`),
      STARTUP_MS,
      () => (nginxDone ? `it exited: ${nginxOutput.trim()}` : undefined),
    );
    log(`nginx ${url} in front of ${servers.map((server) => server.port).join(", ")}`);
    const upstreamLog = path.join(tempDir, "upstream.log");
    const logMark = () => (fs.existsSync(upstreamLog) ? fs.statSync(upstreamLog).size : 0);
    const sendingTo = (server: AppServer, since = 0) =>
      until(
        `nginx sending to ${server.url} again`,
        async () => {
          await answers(`${url}/api/ready`).catch(() => false);
          return answeredBy(upstreamLog, since, `127.0.0.1:${server.port}`);
        },
        STARTUP_MS,
      );
    const restart = async (server: AppServer) => {
      const code = await server.stop("SIGTERM");
      await server.start();
      // NOTE: nginx takes a server it counted failed back only after fail_timeout; stopping the next one
      // before that could leave nginx no server it believes alive ("no live upstreams": 502 to everyone).
      await sendingTo(server, logMark());
      log(`nginx sends to ${server.url} again`);
      return code;
    };
    const restartAll = async (changed: Record<string, string>) => {
      await Promise.all(servers.map((server) => server.stop("SIGTERM")));
      // NOTE: every server was made with this object; each reads it as it starts.
      Object.assign(env, changed);
      await Promise.all(servers.map((server) => server.start()));
      log(`servers started again with ${Object.keys(changed).join(", ")} changed`);
    };
    return { url, servers, nginxOutput: () => nginxOutput, sendingTo, logMark, restart, restartAll, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

async function main() {
  const cluster = await startCluster({
    servers: argument("servers", 3),
    port: argument("port", 8080),
    log: (line) => console.log(line),
  });
  console.log(`Veggie Cart on ${cluster.url} (Ctrl-C stops nginx and every server)`);
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log("stopping nginx and the servers…");
      cluster.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
