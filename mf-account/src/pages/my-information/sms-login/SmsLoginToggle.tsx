/** The SMS login (MFA) toggle of My information (spec part 2 §4); being built, issue 12. */
export function SmsLoginToggle() {
  return null;
}
