export { SearchBar, SEARCH_BAR_NO_JS_STYLE } from "./search-bar";
export { MobileSearchSummary } from "./mobile-search-summary";
export { StandaloneSearchProvider } from "./state";
