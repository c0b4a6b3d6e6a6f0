export { SearchBar } from "./search-bar";
export { MobileSearchSummary } from "./mobile-search-summary";
export { StandaloneSearchProvider } from "./state";
