import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatCents } from '@portal/shared-i18n';
import { loadConfig } from '../config';
import { DataDirLockedError, openDatabase } from '../db/index';
import { listDuplicatePayments, markDuplicateRefunded, PaymentsStaffError, type DuplicatePayment } from '../modules/payments/staff';

/**
 * The billing office's side of online payments, from the command line (docs/product-decisions.md, "Staff work is outside the portal": staff work
 * is outside the portal):
 *
 *   npm run staff:payments -- duplicates            the duplicate payments still to refund
 *   npm run staff:payments -- duplicates --all      also those refunded
 *   npm run staff:payments -- refunded --payment 12 marks duplicate payment 12 refunded
 *
 * A duplicate is a payment the bank took after its invoice was already paid (two tabs, both paid
 * at the bank): the portal records it (modules/payments/checkout/settle.ts), tells the patient its
 * amount will be refunded, and lists it here until it is marked refunded; the patient's payment
 * result page then says it has been. The refund itself is made in the provider's merchant panel.
 *
 * It opens the database as the server does (DATABASE_URL, else the PGlite folder in DATA_DIR); the
 * embedded PGlite database takes one process at a time, so stop the server first there. Each
 * command writes an audit row for every patient whose payments it shows or changes.
 */

const USAGE = `usage: staff-payments <command> [options]
  duplicates [--all]
  refunded   --payment <id>`;

class UsageError extends Error {}

function line(p: DuplicatePayment): string {
  const state = p.refundDue ? 'refund due' : `refunded ${p.refundedAt?.toISOString() ?? ''}`;
  return [
    String(p.paymentId).padStart(6),
    p.settledAt?.toISOString() ?? '-',
    `invoice ${p.invoiceNumber}`,
    formatCents(p.amountCents, 'fi').padStart(12),
    p.provider ?? '-',
    `transaction ${p.transactionId ?? '-'}`,
    state,
  ].join('  ');
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { all: { type: 'boolean' }, payment: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  if (command !== 'duplicates' && command !== 'refunded') throw new UsageError(`unknown command '${command}'`);
  if (command === 'refunded' && (values.payment === undefined || !/^[0-9]{1,10}$/.test(values.payment))) throw new UsageError('--payment needs a numeric id');

  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, connectionTimeoutMs: config.databaseConnectionTimeoutMs, pgliteDataDir: path.join(config.dataDir, 'pglite') });
  try {
    if (command === 'duplicates') {
      const duplicates = await listDuplicatePayments(handle.db, { all: values.all ?? false, channel: 'cli' });
      if (duplicates.length === 0) console.log(values.all ? 'no duplicate payments' : 'no duplicate payments to refund');
      for (const duplicate of duplicates) console.log(line(duplicate));
    } else {
      console.log(line(await markDuplicateRefunded(handle.db, Number(values.payment), 'cli')));
    }
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof PaymentsStaffError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message} Stop the server first (the embedded database takes one process at a time), or run the server on PostgreSQL (DATABASE_URL).`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
