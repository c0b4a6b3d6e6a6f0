// Minimal typings for the tests' untyped dev dependencies.

declare module "@adobe/structured-data-validator" {
  /** One problem found: ERROR for a required property missing or wrong, WARNING for one schema.org does not define. */
  export interface ValidationIssue {
    severity: "ERROR" | "WARNING";
    rootType: string;
    issueMessage: string;
  }
  /** Validates structured data as @marbec/web-auto-extractor hands it over, against a schema.org vocabulary (its JSON-LD release). */
  export default class Validator {
    constructor(schemaOrgJson: unknown);
    validate(data: {
      jsonld: Record<string, unknown[]>;
      microdata: Record<string, unknown[]>;
      rdfa: Record<string, unknown[]>;
    }): Promise<ValidationIssue[]>;
  }
}

declare module "parse-prometheus-text-format" {
  /** One metric family as Prometheus' text format gives it (prom2json's shape). */
  export interface MetricFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: Array<{
      labels?: Record<string, string>;
      value?: string;
      buckets?: Record<string, string>;
      count?: string;
      sum?: string;
    }>;
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
