/*
 * Pistepris partner widget (documented on /partner). Paste on a partner page:
 *
 *   <div data-pistepris data-search="destinationSlugs=val-thorens&weeks=7" data-aff="partner-123"></div>
 *   <script src="https://<pistepris host>/embed.js" async></script>
 *
 * Each [data-pistepris] element gets an iframe with the results page in embed mode
 * (`/skirejser?<data-search>&aff=<data-aff>&embed=1`; the path is RESULTS_PATH of
 * app/domain/constants.ts). The page inside posts messages (EMBED_MESSAGE there):
 *   {type: "pistepris:height", height}  → the iframe takes that height (no inner scrollbar);
 *   {type: "pistepris:scroll", top}     → this page scrolls to the widget's start.
 * Only messages from the widget's own iframe on the Pistepris origin are obeyed. This page posts
 *   {type: "pistepris:viewport", top, height} → the band of the iframe, as tall as this window
 *   (or the whole iframe when it is shorter), nearest to what the window shows of it; the page
 *   opens its drawers and dialogs there. Sent on load, on every new height, scroll and resize.
 */
(function () {
  "use strict";
  var RESULTS_PATH = "/skirejser";
  var script =
    document.currentScript ||
    (function () {
      var all = document.querySelectorAll('script[src$="/embed.js"]');
      return all[all.length - 1];
    })();
  if (!script) return;
  var origin = new URL(script.src, location.href).origin;

  function mount(el) {
    if (el.getAttribute("data-pistepris-mounted")) return;
    el.setAttribute("data-pistepris-mounted", "1");
    var params = new URLSearchParams((el.getAttribute("data-search") || "").replace(/^\?/, ""));
    var aff = el.getAttribute("data-aff");
    params.delete("embed");
    params.delete("aff");
    if (aff) params.set("aff", aff);
    params.set("embed", "1");

    var iframe = document.createElement("iframe");
    iframe.src = origin + RESULTS_PATH + "?" + params.toString();
    iframe.title = el.getAttribute("data-title") || "Skirejser fra Pistepris";
    iframe.setAttribute("scrolling", "no");
    iframe.style.cssText = "display:block;width:100%;height:800px;border:0;overflow:hidden";
    el.appendChild(iframe);

    var viewportQueued = false;
    function sendViewport() {
      viewportQueued = false;
      if (!iframe.contentWindow) return;
      var r = iframe.getBoundingClientRect();
      var height = Math.min(window.innerHeight, r.height);
      var top = Math.min(Math.max(0, -r.top), r.height - height);
      iframe.contentWindow.postMessage({ type: "pistepris:viewport", top: Math.round(top), height: Math.round(height) }, origin);
    }
    function queueViewport() {
      if (viewportQueued) return;
      viewportQueued = true;
      window.requestAnimationFrame(sendViewport);
    }
    iframe.addEventListener("load", queueViewport);
    window.addEventListener("scroll", queueViewport, { passive: true });
    window.addEventListener("resize", queueViewport);

    window.addEventListener("message", function (event) {
      if (event.origin !== origin || event.source !== iframe.contentWindow) return;
      var data = event.data;
      if (!data || typeof data !== "object") return;
      if (data.type === "pistepris:height") {
        var h = Number(data.height);
        if (isFinite(h) && h > 0) iframe.style.height = Math.min(Math.ceil(h), 100000) + "px";
        queueViewport();
      } else if (data.type === "pistepris:scroll") {
        var offset = Number(data.top) || 0;
        var top = iframe.getBoundingClientRect().top + window.pageYOffset + offset;
        window.scrollTo({ top: Math.max(0, top), behavior: "smooth" });
      }
    });
  }

  function mountAll() {
    var els = document.querySelectorAll("[data-pistepris]");
    for (var i = 0; i < els.length; i++) mount(els[i]);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
  else mountAll();
})();
