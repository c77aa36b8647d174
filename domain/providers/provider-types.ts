// The wire shapes the SDK emits, written as structural types so the SDK needs neither `openai` nor
// `@anthropic-ai/sdk` at run time, yet every value is assignable to those packages' request types without a
// cast (sdk/readme-examples.test.ts compiles the README against both with --strict). Type aliases, not
// interfaces, so each also is a `Record<string, unknown>`.

/** A JSON Schema object, as authored. */
export type JsonSchema = Record<string, unknown>;

/** OpenAI Responses `FunctionTool` (top level) and a namespace member (`NamespaceTool.Function`). */
export type OpenAIFunctionTool = {
  type: "function";
  name: string;
  description: string;
  /** Only on deferred tools: the model sees name and description until tool search loads the schema. */
  defer_loading?: true;
  parameters: JsonSchema;
  strict: boolean;
};

/** OpenAI Responses `NamespaceTool` (in `tools`) and `ToolSearchOutputNamespaceTool` (in a search output). */
export type OpenAINamespaceTool = {
  type: "namespace";
  name: string;
  description: string;
  tools: OpenAIFunctionTool[];
};

/** OpenAI Responses `ToolSearchTool`: hosted without `execution`, else answered by the agent. */
export type OpenAIToolSearchTool = {
  type: "tool_search";
  execution?: "client";
  /** With `parameters`, the model calls it with those arguments; without, with the built-in `{paths}` loader. */
  description?: string;
  parameters?: JsonSchema;
};

export type OpenAITool = OpenAIFunctionTool | OpenAINamespaceTool | OpenAIToolSearchTool;

/** Anthropic `Tool.InputSchema`, MCP `inputSchema`: Stockroom refuses parameters whose top level is not `"type": "object"`. */
export type AnthropicInputSchema = {
  type: "object";
  properties?: Record<string, object>;
  required?: string[];
  [key: string]: unknown;
};

/** Anthropic Messages custom `Tool`. */
export type AnthropicCustomTool = {
  name: string;
  description: string;
  input_schema: AnthropicInputSchema;
  /** Only on deferred tools: sent, but shown to the model once search references them. */
  defer_loading?: true;
  strict?: boolean;
};

/** Anthropic's server-side BM25 tool search tool (`ToolSearchToolBm25_20251119`). */
export type AnthropicBm25SearchTool = {
  type: "tool_search_tool_bm25_20251119";
  name: "tool_search_tool_bm25";
};

export type AnthropicTool = AnthropicCustomTool | AnthropicBm25SearchTool;

/** An MCP `tools/list` entry. */
/** An MCP tool icon (MCP's `Icon`). */
export type McpIcon = { src: string; mimeType?: string; sizes?: string[]; theme?: "light" | "dark" };

export type McpTool = {
  name: string;
  title?: string;
  icons?: McpIcon[];
  description: string;
  inputSchema: AnthropicInputSchema;
  outputSchema?: AnthropicInputSchema;
  annotations?: Record<string, unknown>;
  execution?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
};

/** The entries of turn one's `tools` array for each provider. */
export type ProviderTools = {
  openai: OpenAITool;
  anthropic: AnthropicTool;
  mcp: McpTool;
};
