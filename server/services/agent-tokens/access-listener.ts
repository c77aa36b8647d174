import pg from "pg";
import { AGENT_ACCESS_CHANNEL, agentAccessCache, type AgentAccessCache } from "./access-cache";

const RECONNECT_MS = 1_000;

export interface AccessListener {
  /** Settles after the first attempt to LISTEN (a failed attempt is retried in the background). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps this process's agent-access cache in step with writes made by other processes on the same Postgres
 * server: every NOTIFY on the channel (sent at commit by revocations and publishes) empties it. While the
 * connection is down, and again when it is back, the cache is emptied, since notifications may have been missed.
 */
export function listenForAgentAccessChanges(url: string, cache: AgentAccessCache = agentAccessCache()): AccessListener {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", () => cache.invalidate());
    next.on("error", (error) => {
      console.error(`agent access listener: ${error.message}; reconnecting`);
      void drop(next);
    });
    next.on("end", () => void drop(next));
    await next.connect();
    await next.query(`LISTEN ${AGENT_ACCESS_CHANNEL}`);
    client = next;
    cache.invalidate();
  };

  const drop = async (dead: pg.Client): Promise<void> => {
    if (client !== dead) return;
    client = null;
    cache.invalidate();
    await dead.end().catch(() => undefined);
    if (!closed) timer = setTimeout(() => void connect().catch(retryLater), RECONNECT_MS);
  };
  const retryLater = (error: Error) => {
    console.error(`agent access listener: ${error.message}; retrying in ${RECONNECT_MS} ms`);
    if (!closed) timer = setTimeout(() => void connect().catch(retryLater), RECONNECT_MS);
  };

  return {
    ready: connect().catch(retryLater),
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end();
    },
  };
}
