/**
 * The PDF's file name from the document's name in the page's language ('kuitti', 'kvitto', 'receipt')
 * and the invoice number: 'kuitti-1001.pdf'. Letters outside ASCII lose their marks ('återbetald' →
 * 'aterbetald') and anything else becomes '-', so the name always passes the PDF call's check
 * (`invoicePdfQuerySchema`: [\w.-], at most 80 characters before '.pdf').
 */
export function pdfFilename(documentName: string, invoiceNumber: string): string {
  const base = `${documentName}-${invoiceNumber}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .slice(0, 80);
  return `${base}.pdf`;
}
