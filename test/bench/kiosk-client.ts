import http from "node:http";

/**
 * A lean HTTP client for the simulated kiosks: node:http over kept-alive sockets. The load generator
 * shares the machine's two cores with the app; `fetch` (undici) costs it about a millisecond of CPU a
 * request, several times what this does, and that CPU would be taken from the server under test.
 */
export function kioskClient(baseUrl: string, sockets: number) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  return {
    post(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
      return new Promise((resolve, reject) => {
        const req = http.request({ hostname, port, path, method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(body) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
