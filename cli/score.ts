/** What the recommendation score reads: the offer, and its accommodation's facts as the catalogue has them. */
export interface ScoredOffer {
  rating: number;
  /** The accommodation's distinct features. */
  featureCount: number;
  skiPassIncluded: boolean;
  skiPassDays: number;
  mealPlanSlug: string;
  pricePerPerson: number;
  nights: number;
}

/**
 * The recommendation score ("Vores anbefaling"), an integer so every engine orders ties alike.
 * It rewards what a Danish skier weighs when comparing packages: the accommodation's stars,
 * a real discount, a ski pass in the price, meals, and a fair price per person per night.
 * It depends on the offer and its accommodation alone, so re-importing an unchanged offer never
 * changes its score; an operator's change to the accommodation's stars or features does.
 */
export function skiScore(offer: ScoredOffer, discountPercentage: number): number {
  const stars = offer.rating * 100;
  const discount = Math.min(discountPercentage, 50) * 6;
  const skiPass = offer.skiPassIncluded ? 120 + offer.skiPassDays * 5 : 0;
  const meals = MEAL_POINTS[offer.mealPlanSlug] ?? 0;
  const perNight = offer.pricePerPerson / offer.nights;
  // 0 points at 3,000 kr. per person per night or more, up to 300 for the cheapest.
  const value = Math.round(300 * Math.max(0, 1 - perNight / 3000));
  const features = Math.min(offer.featureCount, 8) * 10;
  return stars + discount + skiPass + meals + value + features;
}

const MEAL_POINTS: Record<string, number> = {
  morgenmad: 20,
  halvpension: 60,
  helpension: 80,
  "all-inclusive": 100,
};

export function discountPercentage(price: number, originalPrice: number | null | undefined): number {
  if (!originalPrice || originalPrice <= price) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
