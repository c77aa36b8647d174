export type SearchQueryErrorCode = "EMPTY_QUERY" | "INVALID_LIMIT";

/** A tool_search request the engine refuses: an empty (after trimming) query or a limit that is not a positive integer. */
export class SearchQueryError extends Error {
  readonly code: SearchQueryErrorCode;

  constructor(code: SearchQueryErrorCode, message: string) {
    super(message);
    this.name = "SearchQueryError";
    this.code = code;
  }
}
