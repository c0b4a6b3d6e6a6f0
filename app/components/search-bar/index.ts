import { desktopPart } from "../ui/page-parts";
import { SearchBar } from "./search-bar";

export { MobileSearchSummary } from "./mobile-search-summary";
export { StandaloneSearchProvider } from "./state";
export { PlaceNamesProvider } from "./place-names";

/** The desktop search bar, for PagePartView: its code loads only on a desktop-wide screen. */
export const desktopSearchBar = desktopPart(import.meta.env.SSR ? SearchBar : null, () => import("./search-bar").then((m) => m.SearchBar));
