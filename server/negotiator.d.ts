// Minimal typings for negotiator 1.x, which ships none (@types/negotiator describes 0.6, without
// the `preferred` option that breaks ties between equal q-values).

declare module "negotiator" {
  interface Options {
    /** At equal q-values, these come first, in this order. */
    preferred?: readonly string[];
  }
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The most preferred of `available` that the Accept-Encoding header accepts (q > 0), if any. */
    encoding(available: readonly string[], options?: Options): string | undefined;
  }
}
