import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, vi } from "vitest";

/**
 * A loopback HTTP server that answers every request with `body()` as JSON, for the tests of a describe block, with
 * private networks allowed (STOCKROOM_ALLOW_PRIVATE_NETWORKS=1) so the server may read it. `url()` is its address
 * at `path`. The body is read per request, so a test can change what "upstream" sends.
 */
export function useDocumentServer(body: () => string, path = "/document.json") {
  let server: Server;
  let url = "";
  beforeAll(async () => {
    vi.stubEnv("STOCKROOM_ALLOW_PRIVATE_NETWORKS", "1");
    server = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(body()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: () => url };
}
