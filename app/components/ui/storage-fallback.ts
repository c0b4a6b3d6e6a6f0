// Where the browser refuses storage (the widget framed by a partner's page on another site, or a
// visitor who blocks site data), reading localStorage or sessionStorage throws. Remix (scroll
// restoration, route discovery) and our own saves read them, so before any of that runs, this
// script puts an in-memory store in place of each refused one: the page works, forgetting its
// storage on the next page load, and quietly.
export const STORAGE_FALLBACK_SCRIPT = `(function () {
  function memory() {
    var items = new Map();
    return {
      get length() { return items.size; },
      key: function (i) { var keys = Array.from(items.keys()); return i < keys.length ? keys[i] : null; },
      getItem: function (k) { k = String(k); return items.has(k) ? items.get(k) : null; },
      setItem: function (k, v) { items.set(String(k), String(v)); },
      removeItem: function (k) { items.delete(String(k)); },
      clear: function () { items.clear(); }
    };
  }
  ["localStorage", "sessionStorage"].forEach(function (name) {
    try { window[name].getItem("pistepris"); } catch (e) {
      Object.defineProperty(window, name, { value: memory(), configurable: true });
    }
  });
})();`;
