// Reads the AppError code and details the tRPC error formatter attaches (server/trpc.ts).
export interface ClientAppError {
  message: string;
  code: string | null;
  fields: Record<string, string>;
  details: Record<string, unknown>;
}

export function appErrorOf(error: unknown): ClientAppError | null {
  if (!error) return null;
  const e = error as {
    message?: string;
    data?: {
      appCode?: string | null;
      details?: Record<string, unknown> | null;
      zodError?: { fieldErrors?: Record<string, string[]> } | null;
    };
  };
  const details = e.data?.details ?? {};
  const fields = { ...((details.fields as Record<string, string> | undefined) ?? {}) };
  for (const [field, messages] of Object.entries(e.data?.zodError?.fieldErrors ?? {}))
    if (messages?.[0]) fields[field] ??= messages[0];
  return { message: e.message ?? "Something went wrong.", code: e.data?.appCode ?? null, fields, details };
}
