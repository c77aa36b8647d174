// What an agent API endpoint is, as data: the server routes by it (server/http/agent-routes.ts), the OpenAPI
// document is generated from it (openapi.ts) and the SDK builds its URLs and types from it.
import type { z } from "zod";
import type { AgentTokenScope } from "../vocabulary";

export type HttpMethod = "GET" | "POST";
/** The scope a token needs (see the agent token scopes): every token reads; imports need `import`, events `events`. */
export type RouteScope = AgentTokenScope;

export interface HeaderDoc {
  type: "string" | "integer";
  description: string;
}

/** An answer besides the success one: its description, and the headers it carries when they matter. */
export type ResponseDoc = string | { description: string; headers: Record<string, HeaderDoc> };

/** A request header the endpoint reads, documented as an OpenAPI header parameter. */
export interface RequestHeaderDoc {
  name: string;
  description: string;
}

export interface AgentRouteSpec<
  Params extends z.ZodObject = z.ZodObject,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  /** Unique; also the OpenAPI operationId and the docs page's anchor. */
  operationId: string;
  method: HttpMethod;
  /** The path template: `{name}` segments are path parameters, each a key of `params`. */
  path: string;
  /** The path parameters; their `.meta({ description, example })` documents them. */
  params: Params;
  scope: RouteScope;
  summary: string;
  description: string;
  /** Request headers the endpoint reads besides Authorization. */
  headers?: readonly RequestHeaderDoc[];
  /** The JSON body (POST); one over `maxBytes` is refused (413, `tooLarge`) without reading the rest. */
  body?: { component: string; schema: Body; maxBytes: number; tooLarge: string };
  /** The success answer; `component` names its schema in the OpenAPI document. */
  response: {
    status: 200 | 202;
    component: string;
    schema: Response;
    description: string;
    headers?: Record<string, HeaderDoc>;
  };
  /** `304 Not Modified` (conditional GET), with the success answer's headers. */
  notModified?: string;
  /** Every refusal the endpoint answers, by status; the body is always `{ error: { code, message } }`. */
  errors: Record<number, ResponseDoc>;
  /** The 405's message for another method; default "<path> takes GET" (or POST with a JSON body). */
  wrongMethod?: string;
  /** The @stockroom/sdk call for the docs page's TypeScript example (`revalidate` runs with `held`). */
  sdk?: { call: string; revalidate?: string };
}

/** Declares a spec, keeping its schemas' types for `z.infer` (the SDK's request and response types). */
export const defineRoute = <S extends AgentRouteSpec>(spec: S): S => spec;

export type ParamsOf<S extends AgentRouteSpec> = z.input<S["params"]>;
export type BodyOf<S extends AgentRouteSpec> = S["body"] extends { schema: infer B extends z.ZodType }
  ? z.input<B>
  : never;
export type ResponseOf<S extends AgentRouteSpec> = z.output<S["response"]["schema"]>;

/** The names in a path template, in order: `/a/{team}/{catalog}` → `["team", "catalog"]`. */
export function templateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/** A template filled with (percent-encoded) values: `pathOf(spec, { team: "demo", catalog: "mcp-tools" })`. */
export function pathOf<S extends AgentRouteSpec>(
  spec: S,
  params: { [K in keyof ParamsOf<S>]: string | number },
): string {
  const values = params as Record<string, string | number>;
  return spec.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathOf: ${spec.operationId} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
