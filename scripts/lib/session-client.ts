// A signed-in HTTP client for the app's tRPC endpoint (plain fetch; superjson's `{ json }` envelope).

export class SessionClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.authenticate("sign-in", { email, password });
  }

  /** A new account (with its own team), signed in. */
  async signUp(name: string, email: string, password: string): Promise<void> {
    await this.authenticate("sign-up", { name, email, password });
  }

  private async authenticate(action: "sign-in" | "sign-up", body: Record<string, string>): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/auth/${action}/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: this.baseUrl },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${action} failed: ${response.status} ${await response.text()}`);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }

  async query<T>(path: string, input: unknown): Promise<T> {
    const url = `${this.baseUrl}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    return this.unwrap<T>(path, await fetch(url, { headers: { cookie: this.cookieHeader } }));
  }

  async mutate<T>(path: string, input: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: this.cookieHeader, origin: this.baseUrl },
      body: JSON.stringify({ json: input }),
    });
    return this.unwrap<T>(path, response);
  }

  private async unwrap<T>(path: string, response: Response): Promise<T> {
    const body = (await response.json()) as {
      result?: { data?: { json?: T } };
      error?: { json?: { message?: string } };
    };
    if (!response.ok)
      throw Object.assign(new Error(`${path}: ${response.status} ${body.error?.json?.message ?? ""}`), {
        status: response.status,
      });
    return body.result!.data!.json as T;
  }
}
