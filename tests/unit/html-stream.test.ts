import { createElement, Fragment, Suspense } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { holdScripts, htmlSink } from "../../app/utils/html-stream.server";

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

describe("the page's module preloads and module script", () => {
  // As Remix's <Scripts> writes them: the script's nonce, then its type and async.
  const scripts = (n: number, shift: number) =>
    createElement(
      Fragment,
      null,
      Array.from({ length: n }, (_, i) => [
        createElement("p", { key: `p${i}` }, "ø".repeat((i * shift) % 29)),
        createElement("link", { key: `l${i}`, rel: "modulepreload", href: `/assets/m${i}.js` }),
        createElement("link", { key: `s${i}`, rel: "stylesheet", href: `/assets/s${i}.css` }),
        createElement("script", {
          key: `m${i}`,
          nonce: "n0nce",
          type: "module",
          async: true,
          dangerouslySetInnerHTML: { __html: `import "/assets/m${i}.js";` },
        }),
        createElement("script", { key: `c${i}`, nonce: "n0nce", dangerouslySetInnerHTML: { __html: `window.x${i} = 1;` } }),
      ]),
    );

  for (const shift of [1, 2, 3, 5, 7]) {
    it(`are held back wherever a view ends, and nothing else changes (shift ${shift})`, async () => {
      const node = scripts(150, shift);
      const html = (await streamed(node)).toString("utf8");
      expect(html).toBe(
        renderToString(node)
          .replaceAll('<link rel="modulepreload"', '<link rel="held-modulepreload" fetchpriority="low"')
          .replaceAll('<script nonce="n0nce" type="module" async="">', '<script nonce="n0nce" type="held-module" async="">'),
      );
      expect(html.match(/rel="held-modulepreload"/g)).toHaveLength(150);
      expect(html.match(/type="held-module"/g)).toHaveLength(150);
      expect(html).not.toContain('"modulepreload"');
      expect(html).not.toContain('"module"');
    });
  }

  it("keeps back only an end that may begin a rewritten piece, and sends it with the next piece", () => {
    const first = holdScripts(Buffer.from('<p>a</p><link rel="module'));
    expect(first.out.toString()).toBe("<p>a</p>");
    expect(first.rest.toString()).toBe('<link rel="module');
    const second = holdScripts(Buffer.concat([first.rest, Buffer.from('preload" href="/a.js"/><script type="mod')]));
    expect(second.out.toString()).toBe('<link rel="held-modulepreload" fetchpriority="low" href="/a.js"/><script');
    expect(second.rest.toString()).toBe(' type="mod');
    const third = holdScripts(Buffer.concat([second.rest, Buffer.from('ule" async="">import "/a.js"</script><')]));
    expect(third.out.toString()).toBe(' type="held-module" async="">import "/a.js"</script>');
    expect(third.rest.toString()).toBe("<");
    expect(holdScripts(Buffer.from("<p>link</p>")).rest.length).toBe(0);
    // A classic script's type, or a module script Remix did not write, is not touched.
    expect(holdScripts(Buffer.from('<script type="module">x</script>')).out.toString()).toBe('<script type="module">x</script>');
  });

  it("sends a page that ends in the beginning of a rewritten piece whole", async () => {
    for (const end of ['x<link rel="modulepre', 'x<script type="module" asy']) {
      const node = createElement("div", { dangerouslySetInnerHTML: { __html: end } });
      expect((await streamed(node)).toString("utf8")).toBe(renderToString(node));
    }
  });
});

describe("a page nobody reads any more", () => {
  it("stops React's render when its stream is cancelled, and nothing throws after", async () => {
    // A part that waits for data, as Remix's hydration scripts do: React keeps writing the page
    // after the shell, until the data comes.
    let release!: () => void;
    const data = new Promise<void>((resolve) => (release = resolve));
    let ready = false;
    void data.then(() => (ready = true));
    function Waiting() {
      if (!ready) throw data;
      return createElement("p", null, "data");
    }
    const node = createElement(Fragment, null, page(3), createElement(Suspense, { fallback: null }, createElement(Waiting)));

    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const { sink, stream } = htmlSink();
      const closed = new Promise<void>((resolve) => sink.once("close", resolve));
      const aborted: unknown[] = [];
      const { pipe } = renderToPipeableStream(node, { onShellReady: () => pipe(sink), onError: (error) => void aborted.push(error) });
      const reader = stream.getReader();
      await reader.read();
      await reader.cancel();
      await closed;
      release();
      // React would write the part in a later turn of the event loop, and the sink hand it on in the next.
      for (let turn = 0; turn < 4; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(sink.destroyed).toBe(true);
      expect(uncaught).toEqual([]);
      // React gave up the part it was waiting for.
      expect(String(aborted[0])).toContain("closed early");
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });
});
