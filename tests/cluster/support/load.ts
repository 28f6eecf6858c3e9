/**
 * Clients of the load balancer doing what staff do all day, reads and writes mixed, each request checked: any answer outside
 * 2xx or any network error is a failure, kept with what was asked. Bounded: they stop when told or after `maxRequests` each.
 */
import { withLuhnKey } from "../../support/sirets";

const uniqueSiret = () => withLuhnKey(String(1_000_000_000_000 + Math.floor(Math.random() * 8_999_999_999_999)));

export interface Failure {
  client: number;
  request: string;
  status: number | string;
  body: string;
}

export interface Load {
  /** Requests answered so far (all clients). */
  done(): number;
  failures: Failure[];
  /** Stops the clients after their current request; resolves with the total count. */
  stop(): Promise<number>;
}

const organizationBody = (name: string) => ({
  name,
  siret: uniqueSiret(),
  email: "",
  phoneNumber: "",
  address: { address1: "", address2: "", address3: "", streetNumber: "4", streetNumberExtension: "", streetType: "AV", streetName: "des Lilas", zipCode: "69003", city: "lyon" },
});

export function startLoad(baseUrl: string, token: string, clients: number, maxRequests = 5_000): Load {
  const failures: Failure[] = [];
  let done = 0;
  let stopping = false;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };

  async function call(client: number, method: string, url: string, body?: unknown): Promise<Record<string, unknown> | undefined> {
    const request = `${method} ${url}`;
    try {
      const res = await fetch(`${baseUrl}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      done += 1;
      if (res.status < 200 || res.status >= 300) {
        failures.push({ client, request, status: res.status, body: text.slice(0, 300) });
        return undefined;
      }
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch (error) {
      done += 1;
      failures.push({ client, request, status: "réseau", body: String((error as Error).cause ?? error) });
      return undefined;
    }
  }

  async function client(index: number): Promise<void> {
    // The client's last organisation: it renames it (same SIRET: a SIRET never changes) and reads it back.
    let own: { id: string; body: ReturnType<typeof organizationBody> } | undefined;
    for (let i = 0; i < maxRequests && !stopping; i++) {
      switch (i % 5) {
        case 0: {
          const body = organizationBody(`ORGANISME CHARGE ${index} ${i}`);
          const id = ((await call(index, "POST", "/api/organizations", body))?.data as { id?: string } | undefined)?.id;
          if (id) own = { id, body };
          break;
        }
        case 1:
          await call(index, "GET", `/api/organizations?limit=10&offset=${i % 30}`);
          break;
        case 2:
          if (own) await call(index, "PATCH", `/api/organizations/${own.id}`, { ...own.body, name: `ORGANISME MODIFIÉ ${index} ${i}` });
          break;
        case 3:
          await call(index, "GET", "/api/users/me");
          break;
        default:
          if (own) await call(index, "GET", `/api/organizations/${own.id}`);
      }
    }
  }

  const running = Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return {
    done: () => done,
    failures,
    async stop() {
      stopping = true;
      await running;
      return done;
    },
  };
}
