import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Validator from "@adobe/structured-data-validator";

// schema.org JSON-LD checked against the vocabulary (every type exists, every property is one
// schema.org defines for the type or its ancestors) and against the required properties of the
// types Google's rich results read (BreadcrumbList: at least two ListItems, each with position,
// name and item): @adobe/structured-data-validator, over schema.org's own release 30.0
// (tests/fixtures/schemaorg-30.0-current-https.jsonld.gz, from the schemaorg/schemaorg repository's
// data/releases/30.0/, Apache 2.0), so the check needs no network.

let vocabulary: unknown;

function schemaOrg(): unknown {
  vocabulary ??= JSON.parse(
    zlib
      .gunzipSync(fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/schemaorg-30.0-current-https.jsonld.gz")))
      .toString("utf8"),
  );
  return vocabulary;
}

/** Every issue (errors and warnings) the validator finds in these JSON-LD objects, one line each. */
export async function jsonLdIssues(objects: ReadonlyArray<Record<string, unknown>>): Promise<string[]> {
  const byType: Record<string, unknown[]> = {};
  for (const o of objects) (byType[String(o["@type"])] ??= []).push(structuredClone(o));
  const issues = await new Validator(schemaOrg()).validate({ jsonld: byType, microdata: {}, rdfa: {} });
  return issues.map((i) => `${i.severity} ${i.rootType}: ${i.issueMessage}`);
}
