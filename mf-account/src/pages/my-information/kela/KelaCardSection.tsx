/** The Kela card section of My information (spec part 2 §4 "Kela images"); being built, issue 12. */
export function KelaCardSection() {
  return null;
}
