import { exampleRequestsOf, type ExampleVariant } from "./example-request";
import { curlExample } from "./render-curl";
import { pythonExample } from "./render-python";
import { fetchExample, sdkExample } from "./render-typescript";

export const EXAMPLE_LANGUAGES = ["curl", "python", "fetch", "sdk"] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<ExampleLanguage, string> = {
  curl: "curl",
  python: "Python",
  fetch: "TypeScript (fetch)",
  sdk: "TypeScript (@stockroom/sdk)",
};

export interface CodeExample {
  language: ExampleLanguage;
  variant: ExampleVariant;
  code: string;
}

export interface OperationExamples {
  operationId: string;
  examples: CodeExample[];
}

/** curl, Python and TypeScript examples for every operation and every variant it supports, from the document alone. */
export function buildOperationExamples(
  document: unknown,
  values: Record<string, string> = {},
  bodies: Record<string, unknown> = {},
): OperationExamples[] {
  return exampleRequestsOf(document, values, bodies).map((request) => ({
    operationId: request.operationId,
    examples: request.variants.flatMap((variant) => {
      const sdk = sdkExample(request, variant);
      return [
        { language: "curl" as const, variant, code: curlExample(request, variant) },
        { language: "python" as const, variant, code: pythonExample(request, variant) },
        { language: "fetch" as const, variant, code: fetchExample(request, variant) },
        ...(sdk ? [{ language: "sdk" as const, variant, code: sdk }] : []),
      ];
    }),
  }));
}

export { EXAMPLE_VARIANTS, TOKEN_ENV, URL_ENV, VARIANT_LABELS, type ExampleVariant } from "./example-request";
