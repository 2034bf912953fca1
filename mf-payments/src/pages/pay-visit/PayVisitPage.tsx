/** payments.pay-visit: the invoice notification landing (spec part 2 §2.3). Filled in by its feature commit (issue 14). */
export function PayVisitPage() {
  return null;
}
