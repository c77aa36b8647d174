// A real SMTP server on loopback for the tests of a describe block (or file): every message it receives, with its
// recipients, in `received`; `url()` is the smtp:// address to configure once the server listens.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

export interface ReceivedMail {
  to: string;
  text: string;
}

export function useSmtpCapture() {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let url = "";
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return { received, url: () => url };
}
