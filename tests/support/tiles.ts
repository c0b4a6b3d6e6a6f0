import http from "node:http";
import type { AddressInfo } from "node:net";

// A map tile server on this machine (MAP_TILE_URL) for the servers the tests and the bench start:
// they have no internet, and a tile that fails to load is an error on the page's console (which
// fails an e2e test, and Lighthouse counts against best practices). Every tile is one pixel.

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==", "base64");

export interface LocalTiles {
  /** The MAP_TILE_URL template. */
  url: string;
  close: () => Promise<void>;
}

export async function localTiles(): Promise<LocalTiles> {
  const tiles = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "image/png" }).end(PNG));
  await new Promise<void>((resolve) => tiles.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`,
    close: () => new Promise<void>((resolve) => tiles.close(() => resolve())),
  };
}
