import { createElement, Fragment } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { htmlSink } from "../../app/utils/html-stream.server";

// The page's stream (app/utils/html-stream.server.ts) behind React 18's Node renderer: the same
// bytes as React's string renderer, whatever the place of a multi-byte character in a 2 KB view.

function streamed(node: ReturnType<typeof createElement>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      onAllReady() {
        const { sink, stream } = htmlSink();
        pipe(sink);
        new Response(stream).arrayBuffer().then((b) => resolve(Buffer.from(b)), reject);
      },
      onError: reject,
    });
  });
}

/** Paragraphs of Danish text, each `shift` characters longer than the last, so æ, ø, å and ★ fall on every byte of a view's end. */
function page(shift: number) {
  const words = ["æble", "øl", "på", "★★★", "Ærø", "Åbenrå", "ski"];
  return createElement(
    Fragment,
    null,
    Array.from({ length: 400 }, (_, i) =>
      createElement("p", { key: i, title: `å${i}` }, `${"x".repeat((i * shift) % 37)}${words[i % words.length].repeat(1 + (i % 5))}`),
    ),
  );
}

describe("the page's stream behind React's Node renderer", () => {
  for (const shift of [1, 2, 3, 5, 7]) {
    it(`writes exactly what renderToString renders, with no NUL byte (shift ${shift})`, async () => {
      const node = page(shift);
      const bytes = await streamed(node);
      expect(bytes.includes(0)).toBe(false);
      expect(bytes.toString("utf8")).toBe(renderToString(node));
    });
  }
});
