import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ServerProcess {
  port: number;
  stop(): Promise<void>;
}

/** Starts `serve.ts` as a child process on `databaseUrl` and answers once it listens. */
export function startServerProcess(databaseUrl: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "serve.ts")], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let output = "";
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve({ port: (JSON.parse(line) as { port: number }).port, stop });
    });
    child.once("exit", (code) => reject(new Error(`server process exited (${code}): ${errors}`)));
  });
}
