/** Password lengths, apart from the strength check so the sign-up form can show them without its dictionaries. */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters and not a common password; a few unrelated words work well.`;
