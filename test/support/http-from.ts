import http from "node:http";

/**
 * fetch() from a chosen local address (127.0.0.2, 127.0.0.3, ...: every 127/8 address is this machine), so a
 * test can be several clients on different IPs as the server sees them (req.ip), without trusting a header.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    const headers = new Headers(init.headers);
    let body: Buffer | undefined;
    if (init.body !== undefined && init.body !== null) {
      // Response serialises any body (a form with its boundary, which then names it)
      const encoded = new Response(init.body);
      body = Buffer.from(await encoded.arrayBuffer());
      const type = encoded.headers.get("content-type");
      if (type && !headers.has("content-type")) headers.set("content-type", type);
    }
    return new Promise<Response>((resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: init.method ?? "GET", localAddress, headers: { ...Object.fromEntries(headers), ...(body ? { "content-length": String(body.length) } : {}) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const out = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
            }
            const status = response.statusCode ?? 500;
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: out }));
          });
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  };
}
