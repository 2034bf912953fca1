/**
 * The built-in test provider's demo banks: each is a payment method (a button with its logo on the
 * portal's pay page). The names are proper names, the same in every language.
 */
export interface DemoBank {
  id: string;
  name: string;
  /** the logo, an SVG served by the test provider */
  svg: string;
}

function logo(name: string, initials: string, background: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 64" role="img" aria-label="${name}">
<rect width="160" height="64" rx="10" fill="${background}"/>
<circle cx="32" cy="32" r="18" fill="#ffffff" fill-opacity="0.9"/>
<text x="32" y="38" text-anchor="middle" font-family="Arial, sans-serif" font-size="16" font-weight="700" fill="${background}">${initials}</text>
<text x="60" y="38" font-family="Arial, sans-serif" font-size="15" font-weight="700" fill="#ffffff">${name.split(' ')[0]}</text>
</svg>`;
}

export const DEMO_BANKS: readonly DemoBank[] = [
  { id: 'aurora', name: 'Aurora Pankki', svg: logo('Aurora Pankki', 'AP', '#0b4fb3') },
  { id: 'kaleva', name: 'Kaleva Osuuspankki', svg: logo('Kaleva Osuuspankki', 'KO', '#8a3b00') },
  { id: 'saaristo', name: 'Saaristo Sparbank', svg: logo('Saaristo Sparbank', 'SS', '#1d6b3a') },
];

export function demoBankById(id: string): DemoBank | undefined {
  return DEMO_BANKS.find((bank) => bank.id === id);
}
