/** Request/answer messages between the bench and its two server processes (node's fork IPC channel). */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

type Message = { type: string; id?: number } & Record<string, unknown>;
type Handler = (message: Message) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** In the child: answers each request with its handler's result, tagged with the request's id. */
export function childChannel(own: Record<string, Handler>) {
  // Every child answers its CPU time (µs, user and system): the bench divides it by the requests it served.
  const handlers: Record<string, Handler> = { cpu: () => ({ ...process.cpuUsage() }), ...own };
  process.on("message", (raw) => {
    const message = raw as Message;
    const handler = handlers[message.type];
    void Promise.resolve(handler ? handler(message) : { error: `message inconnu ${message.type}` }).then((answer) => {
      process.send?.({ ...answer, id: message.id });
      if (message.type === "close") process.disconnect();
    });
  });
  return { ready: (info: Record<string, unknown>) => process.send?.({ type: "ready", ...info }) };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  request(message: Message): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Forks `scripts/bench/<file>` under tsx and waits for its `ready` message (which carries its port). */
export function startServerProcess(file: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let nextId = 1;
  const waiting = new Map<number, (answer: Record<string, unknown>) => void>();
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${file} s'est arrêté (code ${code})`)));
    child.on("message", (raw) => {
      const message = raw as Message;
      if (message.type === "ready") {
        resolve({
          child,
          port: message.port as number,
          request: (request) =>
            new Promise((answer) => {
              const id = nextId++;
              waiting.set(id, answer);
              child.send({ ...request, id });
            }),
          close: async () => {
            const exited = new Promise((done) => child.once("exit", done));
            child.send({ type: "close", id: 0 });
            await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
            if (child.exitCode === null) child.kill();
          },
        });
      } else if (message.id !== undefined) {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      }
    });
  });
}

/** Peak and current resident memory of a process, from /proc (Linux), in MiB. */
export function memoryOf(pid: number | undefined): { peakRssMiB: number; rssMiB: number } | undefined {
  if (!pid) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+) kB`))?.[1] ?? NaN);
    return { peakRssMiB: Math.round(kib("VmHWM") / 102.4) / 10, rssMiB: Math.round(kib("VmRSS") / 102.4) / 10 };
  } catch {
    return undefined;
  }
}
