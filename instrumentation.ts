/** Runs once when the server starts: validates the environment, migrates and seeds the database, registers the agent API and tRPC handlers. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("./server/env");
  const env = getEnv(); // throws, and so stops start-up, naming any bad variable
  const { getDatabase } = await import("./server/db");
  const handle = await getDatabase();
  const { logger } = await import("./server/ops/logger");
  const log = (message: string) => logger().info(message);
  if (env.STOCKROOM_DEMO === "1") {
    const { seedDemo } = await import("./server/services/seed/seed-demo");
    await seedDemo({ db: handle.db, password: env.STOCKROOM_DEMO_PASSWORD, log });
  }
  log(`Stockroom database ready (${handle.kind}).`);
  // scripts/serve.mjs serves the agent API's route table and tRPC with this, in front of Next.js.
  const { registerClientAddressResolver, registerNodeApiHandler } = await import("./server/http/serve-hooks");
  registerNodeApiHandler();
  registerClientAddressResolver(env.STOCKROOM_TRUSTED_PROXIES);
  // …and its whole node:http front with this: request ids and logs, /healthz, /readyz, /metrics, graceful shutdown.
  const { registerServeFront } = await import("./server/ops/app-front");
  registerServeFront(env);
  const { startRetentionJob } = await import("./server/services/insights/delete-expired-events");
  startRetentionJob(handle.sql); // deletes agent events past their catalog's retention, hourly
  const { startSourceScheduler } = await import("./server/services/sources/scheduled-sync");
  // checks URL sources that have an interval, every minute (marks changes upstream; applies nothing)
  startSourceScheduler(handle.db, () => ({
    mail: { smtpUrl: env.STOCKROOM_SMTP_URL, from: env.STOCKROOM_MAIL_FROM },
    baseUrl: env.STOCKROOM_URL,
    minuteMs: env.STOCKROOM_SCHEDULER_MINUTE_MS,
  }));
}
