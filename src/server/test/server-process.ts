import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ServerProcess {
  port: number;
  /** Sends SIGTERM and resolves once the process has exited. */
  stop(): Promise<void>;
  /** Sends a signal without waiting. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited and its output has all been read. */
  exited: Promise<number | null>;
  /** Everything it wrote so far, stdout and stderr (its log lines when LOG_LEVEL is set). */
  output(): string;
}

/**
 * Starts `serve.ts` as a child process on `databaseUrl` and answers once it listens. `env` adds to the
 * environment (e.g. LOG_LEVEL, SHUTDOWN_GRACE_MS).
 */
export function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "serve.ts")], {
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // NOTE: "close", not "exit": the process may exit before all it wrote has been read from its pipes, and a
  // test reads its output once it has exited.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  let output = "";
  return new Promise((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => /^\{"port":\d+\}$/.test(l));
      if (line) {
        resolve({
          port: (JSON.parse(line) as { port: number }).port,
          stop,
          signal: (signal) => child.kill(signal),
          exited,
          output: () => output,
        });
      }
    });
    child.once("exit", (code) => reject(new Error(`server process exited (${code}): ${output}`)));
  });
}
