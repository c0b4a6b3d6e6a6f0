import type { NextFunction, Request, Response } from "express";
import { AGENTS_PATH, CONFIRM_SIGN_UP_PATH, LOGIN_PATH, OPS_PATH, SAVED_TRIPS_PATH, SIGN_UP_PATH } from "../app/domain/constants";
import { texts } from "../app/domain/texts";

// The site's forms (docs/api.md, Form endpoints) take a form body: a POST to one of them whose
// body is not a readable form (JSON, plain text, broken multipart, none) is answered 400 here,
// text/plain, before Remix sees it. Their actions read the form too (readForm), but a page's
// action can only answer with the page's error boundary. A path also matches as Remix's data
// request (`/gemte-rejser.data`), which is how the page's script posts the same forms.

const FORM_PATH = new RegExp(
  `^(?:${[LOGIN_PATH, SIGN_UP_PATH, `${CONFIRM_SIGN_UP_PATH}/[^/]+`, AGENTS_PATH, SAVED_TRIPS_PATH, OPS_PATH, `${OPS_PATH}/.+`].join("|")})(?:\\.data)?$`,
);

function isFormPath(path: string): boolean {
  return FORM_PATH.test(path);
}

/** Whether a body with this Content-Type reads as a form, as the actions read it (the Fetch API's formData). */
async function isReadableForm(contentType: string | undefined, body: Buffer | undefined): Promise<boolean> {
  if (!contentType) return false;
  try {
    await new Response(body ? new Uint8Array(body) : null, { headers: { "Content-Type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

export async function refuseUnreadableForms(req: Request, res: Response, next: NextFunction): Promise<void> {
  if (req.method !== "POST" || !isFormPath(req.path)) return next();
  if (await isReadableForm(req.headers["content-type"], req.body as Buffer | undefined)) return next();
  res.status(400).type("text/plain; charset=utf-8").set("Cache-Control", "no-store").send(texts.errors.badForm);
}
