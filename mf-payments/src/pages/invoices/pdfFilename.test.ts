import { invoicePdfQuerySchema } from '@portal/shared-api';
import { pdfFilename } from './pdfFilename';

describe('pdfFilename', () => {
  test('names the document and the invoice', () => {
    expect(pdfFilename('kuitti', '1001')).toBe('kuitti-1001.pdf');
  });

  test('Swedish letters lose their marks and spaces become dashes, so the PDF call accepts the name', () => {
    const name = pdfFilename('återbetald faktura', '1001');
    expect(name).toBe('aterbetald-faktura-1001.pdf');
    expect(invoicePdfQuerySchema.safeParse({ filename: name }).success).toBe(true);
  });

  test('a long name is cut to what the call accepts', () => {
    const name = pdfFilename('x'.repeat(100), '12345678901234567890');
    expect(invoicePdfQuerySchema.safeParse({ filename: name }).success).toBe(true);
  });
});
