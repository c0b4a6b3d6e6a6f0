import { z } from "~/domain/zod";

/** The e-mail and password of the log-in and sign-up forms (e-mail trimmed and lower-cased). */
export const credentials = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  password: z.string().min(1).max(200),
});
