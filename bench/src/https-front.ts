// The shop as production serves it to a phone: HTTP/2 over TLS in front of the Node server (as
// deploy/nginx.conf does), so a browser fetches a page's many small files over one connection
// rather than six HTTP/1.1 ones, each waiting its turn.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import path from "node:path";

export interface Front {
  /** https://127.0.0.1:port */
  base: string;
  stop(): Promise<void>;
}

/** Headers of one HTTP/1.1 hop that HTTP/2 refuses to carry. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host"]);

/**
 * An HTTP/2 server on `port` (TLS, a self-signed certificate for 127.0.0.1 made with the
 * openssl command in `dir`) passing every request to `target` (http://127.0.0.1:…) and its
 * answer back, streamed, headers as they are (and Host, X-Forwarded-Proto and -For as nginx sets them). The browser must accept the certificate
 * (Playwright's ignoreHTTPSErrors).
 */
export async function startHttpsFront(dir: string, port: number, target: string): Promise<Front> {
  const key = path.join(dir, `front-${port}.key`);
  const cert = path.join(dir, `front-${port}.crt`);
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-days",
      "1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true }, (request, response) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    // As deploy/nginx.conf passes them: the address the browser asked for, and how.
    headers.host = request.headers[":authority"] ?? request.headers.host;
    headers["x-forwarded-proto"] = "https";
    headers["x-forwarded-for"] = request.socket.remoteAddress;
    const upstream = http.request(`${target}${request.url}`, { method: request.method, headers, agent }, (answer) => {
      const back: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) back[name] = value;
      response.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(response);
    });
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    base: `https://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Open sessions (the browser's) would hold close() until they end.
        setTimeout(resolve, 2_000).unref();
      }),
  };
}
