import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_RULE } from "@/server/auth/password-limits";

const INPUT = "mt-1 w-full rounded border border-stone-300 px-2 py-1.5";

/** The demo account's credentials, shown on the sign-in page in demo mode. */
export function DemoCredentials({ demo }: { demo: { email: string; password: string } }) {
  return (
    <div className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="demo-credentials">
      <p className="font-medium">Demo mode</p>
      <p>
        Email <code className="font-mono">{demo.email}</code>, password{" "}
        <code className="font-mono">{demo.password}</code>
      </p>
    </div>
  );
}

/** Sign-up only: the person's name and their team's name (its placeholder follows the name). */
export function NameAndTeamFields({ name, onNameChange }: { name: string; onNameChange: (name: string) => void }) {
  return (
    <>
      <label className="block text-sm">
        Name
        <input
          name="name"
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(e) => onNameChange(e.target.value)}
          className={INPUT}
        />
      </label>
      <label className="block text-sm">
        Team
        <input
          name="team"
          autoComplete="organization"
          maxLength={80}
          placeholder={`${name.trim() || "Your name"}'s team`}
          aria-describedby="team-hint"
          className={INPUT}
        />
      </label>
      <p id="team-hint" className="-mt-2 text-xs text-stone-500">
        Your team owns the catalogs; invite colleagues later. Left blank, it is called as shown.
      </p>
    </>
  );
}

export function EmailAndPasswordFields({ isSignUp, invitedEmail }: { isSignUp: boolean; invitedEmail?: string }) {
  return (
    <>
      <label className="block text-sm">
        Email
        <input
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          defaultValue={invitedEmail}
          className={INPUT}
        />
      </label>
      <label className="block text-sm">
        Password
        <input
          name="password"
          type="password"
          required
          minLength={isSignUp ? MIN_PASSWORD_LENGTH : undefined}
          maxLength={MAX_PASSWORD_LENGTH}
          autoComplete={isSignUp ? "new-password" : "current-password"}
          aria-describedby={isSignUp ? "password-rule" : undefined}
          className={INPUT}
        />
      </label>
      {isSignUp && (
        <p id="password-rule" className="text-xs text-stone-600">
          {PASSWORD_RULE}
        </p>
      )}
    </>
  );
}
