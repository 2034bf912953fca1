import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrate, openDatabase, type DatabaseHandle } from '../src/db/index';

/**
 * Issue 30: a cluster's instances start together on one database (the first start, or a rolling
 * deploy that brings a migration). Each runs the pending migrations at start; without a lock they
 * raced, and every instance but one died on a table another had just created.
 */

const url = process.env.DATABASE_URL;

describe('instances that start together on one fresh PostgreSQL database', { skip: url ? false : 'needs PostgreSQL (DATABASE_URL)' }, () => {
  const name = `portal_migrate_${randomBytes(6).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  before(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  });
  after(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('all migrate: one does the work, the others wait for it and find nothing left to do', async () => {
    const target = new URL(url!);
    target.pathname = `/${name}`;
    for (let i = 0; i < 4; i++) handles.push(await openDatabase({ databaseUrl: target.toString() }));
    const results = await Promise.allSettled(handles.map((handle) => migrate(handle)));
    assert.deepEqual(
      results.map((result) => (result.status === 'fulfilled' ? 'migrated' : String(result.reason))),
      handles.map(() => 'migrated'),
    );
    const applied = (await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
    const journal = (await import('../drizzle/meta/_journal.json', { with: { type: 'json' } })).default as { entries: unknown[] };
    assert.equal(applied.rows[0]!.n, journal.entries.length, 'each migration recorded once');
  });
});
