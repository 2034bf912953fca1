/** payments.invoices: the invoices list (spec part 2 §2.3). Filled in by its feature commit (issue 14). */
export function InvoicesPage() {
  return null;
}
