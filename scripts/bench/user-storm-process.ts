/**
 * Child process of the storm case (user-storm.ts): the storming user's loops, in a process of their own so that thousands of
 * 429s a second do not delay the bench's own measure of the other user's list (one event loop would add its lag to theirs).
 * Messages: {type: "start", port, path, token} then {type: "stop"}, which answers the storm's requests by status.
 */
import http from "node:http";
import { childChannel } from "./ipc";
import { get } from "./load";

const LOOPS = 40;
let storming = false;
let loops: Promise<unknown> | undefined;
const statuses: Record<string, number> = {};

childChannel({
  start: (message) => {
    const { port, path, token } = message as unknown as { port: number; path: string; token: string };
    const agent = new http.Agent({ keepAlive: true, maxSockets: LOOPS });
    storming = true;
    loops = Promise.all(
      Array.from({ length: LOOPS }, async () => {
        while (storming) {
          const { status } = await get(agent, { port, path, headers: { authorization: `Bearer ${token}` } }).catch(() => ({ status: 0 }));
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    ).finally(() => agent.destroy());
    return {};
  },
  stop: async () => {
    storming = false;
    await loops;
    return { statuses };
  },
  close: () => ({}),
}).ready({ port: 0, loops: LOOPS });
