// The benchmark's fixed query set: results-page query strings (docs/urls.md "The results page") in
// three classes. Every search runs with TODAY, so results do not depend on the date the bench runs.
// The slugs exist in the demo feed (seed 1, season 2026); run.ts checks them against the store.

export const TODAY = "2026-12-01";

export type QueryClass = "broad" | "selective" | "mixed";
export const QUERY_CLASSES: QueryClass[] = ["broad", "selective", "mixed"];

export interface BenchQuery {
  name: string;
  cls: QueryClass;
  qs: string;
}

export const QUERIES: BenchQuery[] = [
  // Broad: no filters at all (the default party of 2, every departure from today).
  { name: "b1 default", cls: "broad", qs: "" },
  { name: "b2 price", cls: "broad", qs: "sort=price:asc" },
  { name: "b3 discount", cls: "broad", qs: "sort=discountPercentage:desc" },

  // Selective: a resort, a week and a party size.
  { name: "s1 val-thorens w7 4p", cls: "selective", qs: "destinationSlugs=val-thorens&weeks=7&adultCount=4" },
  { name: "s2 saalbach w8 2p", cls: "selective", qs: "destinationSlugs=saalbach&weeks=8" },
  { name: "s3 trysil w52 2+2", cls: "selective", qs: "destinationSlugs=trysil&weeks=52&adultCount=2&childrenCount=2" },
  { name: "s4 zermatt w10 6p", cls: "selective", qs: "destinationSlugs=zermatt&weeks=10&adultCount=6" },
  { name: "s5 livigno w1 3p price", cls: "selective", qs: "destinationSlugs=livigno&weeks=1&adultCount=3&sort=price:asc" },
  { name: "s6 chamonix w9 2p", cls: "selective", qs: "destinationSlugs=chamonix&weeks=9&adultCount=2" },

  // Mixed: together they use every filter kind, every sort and later pages.
  {
    name: "m1 country+pp price+meal",
    cls: "mixed",
    qs: "destinationSlugs=frankrig&minPrice=4000&maxPrice=9000&mealPlanTypes=halvpension,helpension&sort=price:asc",
  },
  {
    name: "m2 countries+full price+skipass",
    cls: "mixed",
    qs: "destinationSlugs=oestrig,schweiz&minFullPrice=10000&maxFullPrice=40000&skiPassIncluded=true&minSkiPassDaysCount=6&maxSkiPassDaysCount=6",
  },
  {
    name: "m3 tag+family+rating+features",
    cls: "mixed",
    qs: "tags=familievenlig&adultCount=2&childrenCount=2&minRating=4&accommodationFeatures=pool,sauna",
  },
  {
    name: "m4 bbox+month+companies",
    cls: "mixed",
    qs: "bbox=45,6,47.5,11&months=2027-02&travelCompanies=alpetours,sneglad,skiekspressen&sort=discountPercentage:desc",
  },
  {
    name: "m5 dates+no skipass+meal+p2",
    cls: "mixed",
    qs: "dates=2027-02-20,2027-02-27&skiPassIncluded=false&mealPlanTypes=morgenmad,uden-forplejning&minRating=3&page=2",
  },
  {
    name: "m6 regions+weeks+all filters",
    cls: "mixed",
    qs: "destinationSlugs=les-3-vallees,tirol&weeks=7,8&accommodationFeatures=wifi&travelCompanies=alpetours,bjergbussen,pisteferie&maxPrice=12000&minFullPrice=5000&sort=price:asc",
  },
  {
    name: "m7 tags+months+days+p2",
    cls: "mixed",
    qs: "tags=ski-in-ski-out,luksus&months=2027-01,2027-03&minSkiPassDaysCount=5&minRating=2&sort=discountPercentage:desc&page=2",
  },
  { name: "m8 rating5+full max+p2", cls: "mixed", qs: "minRating=5&maxFullPrice=30000&page=2" },
  {
    name: "m9 4p+meals+features+p3",
    cls: "mixed",
    qs: "adultCount=4&mealPlanTypes=all-inclusive,halvpension&skiPassIncluded=true&accommodationFeatures=ski-in-ski-out&page=3",
  },
];

/** Slugs the query set relies on, by vocabulary, for the sanity check against the store. */
export const USED_SLUGS = {
  destinations: [
    "val-thorens",
    "saalbach",
    "trysil",
    "zermatt",
    "livigno",
    "chamonix",
    "frankrig",
    "oestrig",
    "schweiz",
    "les-3-vallees",
    "tirol",
  ],
  tags: ["familievenlig", "ski-in-ski-out", "luksus"],
  mealPlans: ["halvpension", "helpension", "morgenmad", "uden-forplejning", "all-inclusive"],
  features: ["pool", "sauna", "wifi", "ski-in-ski-out"],
  companies: ["alpetours", "sneglad", "skiekspressen", "bjergbussen", "pisteferie"],
};
