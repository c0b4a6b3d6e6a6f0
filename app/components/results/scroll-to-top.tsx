import { useEffect, useState } from "react";
import { SCROLL_TO_TOP_THRESHOLD_PX } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { useSearchState } from "./search-state";

/** After 1000px of scrolling: a control that scrolls back to the top. Not in embed mode (the iframe never scrolls). */
export function ScrollToTop() {
  const { applied } = useSearchState();
  const embed = applied.embed === true;
  const [shown, setShown] = useState(false);
  // How far the footer reaches into the window: the control rides above it, never over its links.
  const [lift, setLift] = useState(0);
  useEffect(() => {
    if (embed) return;
    const footer = document.querySelector("footer");
    const onScroll = () => {
      setShown(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
      setLift(footer ? Math.max(0, Math.round(window.innerHeight - footer.getBoundingClientRect().top)) : 0);
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [embed]);
  if (embed || !shown) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      className="fixed bottom-4 right-4 z-40 rounded-full bg-brand-900 px-4 py-3 text-sm font-semibold text-white shadow-lg"
      // Moved, not placed anew: a transform is not a layout shift, so riding up does not count as one.
      style={lift ? { transform: `translateY(-${lift}px)` } : undefined}
      data-testid="scroll-to-top"
    >
      ↑ {texts.results.scrollToTop}
    </button>
  );
}
