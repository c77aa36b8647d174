"use client";

import type { ClientAppError } from "../ui/app-error";
import { inputClass } from "../ui/control-styles";
import { Field } from "../ui/field";
import type { LiveConnection } from "./use-live-fetch";

interface FieldsProps {
  connection: LiveConnection;
  onChange: (patch: Partial<LiveConnection>) => void;
  error: ClientAppError | null;
}

const MONO = `${inputClass} font-mono`;

export function TransportPicker({ connection, onChange }: Omit<FieldsProps, "error">) {
  return (
    <fieldset className="flex gap-4 text-sm">
      <legend className="sr-only">Transport</legend>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name="transport"
          checked={connection.transport === "http"}
          onChange={() => onChange({ transport: "http" })}
        />{" "}
        Streamable HTTP
      </label>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name="transport"
          checked={connection.transport === "stdio"}
          onChange={() => onChange({ transport: "stdio" })}
        />{" "}
        stdio command
      </label>
    </fieldset>
  );
}

export function HttpFields({ connection, onChange, error }: FieldsProps) {
  return (
    <>
      <Field label="Server URL" htmlFor="mcp-url" error={error?.fields.url}>
        <input
          id="mcp-url"
          value={connection.url}
          onChange={(e) => onChange({ url: e.target.value })}
          placeholder="https://mcp.example.com/mcp"
          className={MONO}
        />
      </Field>
      <Field
        label="Headers"
        htmlFor="mcp-headers"
        error={error?.fields.headers}
        hint="One per line, Name: value (e.g. Authorization: Bearer …). Sent only to this URL."
      >
        <textarea
          id="mcp-headers"
          value={connection.headers}
          onChange={(e) => onChange({ headers: e.target.value })}
          rows={2}
          className={MONO}
        />
      </Field>
    </>
  );
}

/** The command (one of the allowed ones), its arguments and environment. */
export function StdioFields({ connection, onChange, error, allowed }: FieldsProps & { allowed: string[] | undefined }) {
  return (
    <>
      <Field
        label="Command"
        htmlFor="mcp-command"
        error={error?.fields.command}
        hint={`Runs on the Stockroom server, without a shell; owners only. Allowed: ${allowed?.join(", ") ?? "…"}.`}
      >
        <input
          id="mcp-command"
          value={connection.command}
          onChange={(e) => onChange({ command: e.target.value })}
          placeholder="npx"
          className={MONO}
        />
      </Field>
      <Field label="Arguments" htmlFor="mcp-args" error={error?.fields.args} hint="One per line.">
        <textarea
          id="mcp-args"
          value={connection.args}
          onChange={(e) => onChange({ args: e.target.value })}
          rows={2}
          className={MONO}
        />
      </Field>
      <Field label="Environment" htmlFor="mcp-env" error={error?.fields.env} hint="One per line, NAME=value.">
        <textarea
          id="mcp-env"
          value={connection.env}
          onChange={(e) => onChange({ env: e.target.value })}
          rows={2}
          className={MONO}
        />
      </Field>
    </>
  );
}
