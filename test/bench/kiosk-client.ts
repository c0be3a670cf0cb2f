import http from "node:http";

type Answer = { status: number; text: string };

/**
 * A lean HTTP client for the simulated kiosks: node:http over kept-alive sockets. The load generator
 * shares the machine's two cores with the app; `fetch` (undici) costs it about a millisecond of CPU a
 * request, several times what this does, and that CPU would be taken from the server under test.
 * A request that meets a kept-alive socket the server has just closed is sent once more on a new one
 * (Node's documented `reusedSocket` case); the kiosks send an idempotency key, so that is safe.
 */
export function kioskClient(baseUrl: string, sockets: number) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const send = (path: string, headers: Record<string, string>, body: string, retried: boolean): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = http.request({ hostname, port, path, method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(body) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on("error", reject);
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (!retried && req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) resolve(send(path, headers, body, true));
        else reject(error);
      });
      req.end(body);
    });
  return {
    post: (path: string, headers: Record<string, string>, body: string) => send(path, headers, body, false),
    close: () => agent.destroy(),
  };
}
