import { desktopPart, phonePart } from "../ui/page-parts";
import { MobileSearchSummary } from "./mobile-search-summary";
import { SearchBar } from "./search-bar";

export { StandaloneSearchProvider } from "./state";
export { PlaceNamesProvider } from "./place-names";

/** The desktop search bar, for PagePartView: its code loads only on a desktop-wide screen. */
export const desktopSearchBar = desktopPart(import.meta.env.SSR ? SearchBar : null, () => import("./search-bar").then((m) => m.SearchBar));

/** The phone's search summary, for PagePartView: its code loads only on a narrower screen. */
export const mobileSearchSummary = phonePart(import.meta.env.SSR ? MobileSearchSummary : null, () =>
  import("./mobile-search-summary").then((m) => m.MobileSearchSummary),
);
