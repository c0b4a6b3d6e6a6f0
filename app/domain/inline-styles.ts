// Every inline <style> the pages render: the layouts without JavaScript and the unsubscribe page.
// The Content-Security-Policy allows exactly these, by hash (server/security-headers.ts reads
// INLINE_STYLES through the build's server entry), so a style is added here or it is blocked.

/** The search bar without JavaScript: the steps as text and the link to the search form; no toggles, and the bar also on small screens. */
export const SEARCH_BAR_NO_JS_STYLE =
  "<style>.sb-js-only{display:none!important}.sb-nojs-flex{display:flex!important}.sb-mobile{display:none!important}.sb-root{display:block!important}</style>";

/** The search form without JavaScript: every kind's list shows (the radio says which counts), and the JavaScript controls do not. */
export const SEARCH_FORM_NO_JS_STYLE = "<style>.sb-js-only{display:none!important}.sb-form [data-kind]{display:block!important}</style>";

/** The results page without JavaScript: the drawers give way to the plain sidebar form and sorting links. */
export const RESULTS_NO_JS_STYLE =
  "<style>.js-only{display:none!important}.nojs-block{display:block!important}.nojs-flex{display:flex!important}</style>";

/** The search agent unsubscribe page's own styles (app/routes/agents/unsubscribe.ts). */
export const UNSUBSCRIBE_STYLE = `<style>body{font-family:system-ui,Arial,sans-serif;color:#1f2937;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}a{color:#1d4ed8}</style>`;

export const INLINE_STYLES = [RESULTS_NO_JS_STYLE, SEARCH_BAR_NO_JS_STYLE, SEARCH_FORM_NO_JS_STYLE, UNSUBSCRIBE_STYLE];
