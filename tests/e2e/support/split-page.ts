import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SplitPageProxy {
  /** The proxy's origin: open `${url}${path}` for the page in two pieces. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A server in front of `upstream` that sends the page at `path` in two pieces, cut just before the
 * first `cutBefore`, and the second piece `gapMs` after it has sent the page's stylesheet: a slow
 * network's pause, made to fall where a test wants it, once the browser could paint. Every other
 * request passes through. The gap is the input of the test, not a wait for a condition.
 */
export async function splitPageProxy(upstream: string, path: string, cutBefore: string, gapMs: number): Promise<SplitPageProxy> {
  const html = await (await fetch(`${upstream}${path}`)).text();
  const cut = html.indexOf(cutBefore);
  if (cut < 0) throw new Error(`${path} has no ${cutBefore}`);
  let stylesheetSent!: () => void;
  const stylesheet = new Promise<void>((resolve) => (stylesheetSent = resolve));
  const server = http.createServer(async (req, res) => {
    if (req.url === path) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.write(html.slice(0, cut));
      await stylesheet;
      setTimeout(() => res.end(html.slice(cut)), gapMs);
      return;
    }
    const answer = await fetch(`${upstream}${req.url}`);
    const body = Buffer.from(await answer.arrayBuffer());
    // fetch has decoded the body: its encoding and length headers no longer hold.
    const headers = Object.fromEntries([...answer.headers].filter(([name]) => name !== "content-encoding" && name !== "content-length"));
    res.writeHead(answer.status, headers).end(body, () => {
      if (req.url?.endsWith(".css")) stylesheetSent();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
