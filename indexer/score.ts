import type { FeedLine } from "./feed-schema";

/**
 * The recommendation score ("Vores anbefaling"), an integer so every engine orders ties alike.
 * It rewards what a Danish skier weighs when comparing packages: the accommodation's stars,
 * a real discount, a ski pass in the price, meals, and a fair price per person per night.
 * It depends on the offer alone, so re-importing an unchanged offer never changes its score.
 */
export function skiScore(line: FeedLine, discountPercentage: number): number {
  const stars = line.accommodation.rating * 100;
  const discount = Math.min(discountPercentage, 50) * 6;
  const skiPass = line.skiPass.included ? 120 + line.skiPass.days * 5 : 0;
  const meals = MEAL_POINTS[line.mealPlan.slug] ?? 0;
  const perNight = line.pricePerPerson / line.nights;
  // 0 points at 3,000 kr. per person per night or more, up to 300 for the cheapest.
  const value = Math.round(300 * Math.max(0, 1 - perNight / 3000));
  const features = Math.min(line.accommodation.features.length, 8) * 10;
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
