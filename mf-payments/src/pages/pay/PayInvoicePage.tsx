/** payments.pay: pay one invoice online (spec part 2 §2.3). Filled in by its feature commit (issue 14). */
export function PayInvoicePage() {
  return null;
}
