/** A valid identity code no one has used on this server: someone not yet a customer. */
export function newIdentityCode(): string {
  const day = 1 + Math.floor(Math.random() * 28);
  const month = 1 + Math.floor(Math.random() * 12);
  const year = 60 + Math.floor(Math.random() * 40);
  const individual = 2 + Math.floor(Math.random() * 897);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const digits = `${pad(day, 2)}${pad(month, 2)}${pad(year, 2)}${pad(individual, 3)}`;
  return `${digits.slice(0, 6)}-${digits.slice(6)}${'0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(digits) % 31]}`;
}
