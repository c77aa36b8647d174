// The event schemas live in domain/agent-events.ts (the route table and the server use them too).
export * from "../domain/agent-events";
