import { z } from "zod";

// Every boundary imports zod from here, so its messages are Danish wherever input is validated.
z.config(z.locales.da());

export { z };
